import { describe, expect, it } from '@jest/globals';
import { parseChatMode } from './chat-modes';

describe('parseChatMode', () => {
  it.each(['general', 'brainstorm', 'persona', 'feedback'] as const)('accepts %s', (mode) => {
    expect(parseChatMode(mode)).toBe(mode);
  });

  it.each([null, '', 'toString', 'unknown'])('falls back to general for %p', (raw) => {
    expect(parseChatMode(raw)).toBe('general');
  });
});
