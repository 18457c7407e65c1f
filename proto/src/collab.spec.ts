import { describe, expect, it } from '@jest/globals';
import { selectionTint, userColor } from './collab.js';

describe('userColor', () => {
  it('gives a user the same #rrggbb colour every time', () => {
    expect(userColor(42)).toMatch(/^#[0-9a-f]{6}$/);
    expect(userColor(42)).toBe(userColor(42));
  });

  it('spreads consecutive user ids over several colours', () => {
    const colours = new Set(Array.from({ length: 12 }, (_, i) => userColor(1000 + i)));
    expect(colours.size).toBeGreaterThanOrEqual(6);
  });

  it('tints a colour for selections', () => {
    expect(selectionTint('#1677ff')).toBe('#1677ff33');
  });
});
