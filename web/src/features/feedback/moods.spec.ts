import { describe, expect, it } from '@jest/globals';
import { MOODS, toggleMood } from './moods';

describe('moods', () => {
  it('are Angry (1), Neutral (2) and Excited (3)', () => {
    expect(MOODS.map((mood) => [mood.label, mood.rating])).toEqual([
      ['Angry', 1],
      ['Neutral', 2],
      ['Excited', 3],
    ]);
  });

  it('choose a mood, deselect it when tapped again, and switch to another one', () => {
    expect(toggleMood(null, 3)).toBe(3);
    expect(toggleMood(3, 3)).toBeNull();
    expect(toggleMood(3, 1)).toBe(1);
  });
});
