import { describe, expect, it } from '@jest/globals';
import { relativeTime } from './relative-time';

const NOW = new Date('2026-05-20T12:00:00Z');
const ago = (ms: number): Date => new Date(NOW.getTime() - ms);
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    [0, 'less than a minute ago'],
    [44 * SECOND, 'less than a minute ago'],
    [60 * SECOND, '1 minute ago'],
    [5 * MINUTE, '5 minutes ago'],
    [44 * MINUTE, '44 minutes ago'],
    [60 * MINUTE, 'about 1 hour ago'],
    [5 * HOUR, 'about 5 hours ago'],
    [30 * HOUR, '1 day ago'],
    [3 * DAY, '3 days ago'],
    [29 * DAY, '29 days ago'],
    [40 * DAY, 'about 1 month ago'],
    [100 * DAY, '3 months ago'],
    [380 * DAY, 'about 1 year ago'],
    [800 * DAY, '2 years ago'],
    [1_000 * DAY, '3 years ago'],
  ])('words %p ms ago as %p', (elapsed, words) => {
    expect(relativeTime(ago(elapsed), NOW)).toBe(words);
  });

  it('reads ISO strings as the API sends them', () => {
    expect(relativeTime('2026-05-17T12:00:00.000Z', NOW)).toBe('3 days ago');
  });

  it('counts a moment slightly in the future as now', () => {
    expect(relativeTime(new Date(NOW.getTime() + 5 * SECOND), NOW)).toBe('less than a minute ago');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});
