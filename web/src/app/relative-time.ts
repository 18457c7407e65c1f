const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const plural = (count: number, unit: string): string => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * How long ago a moment was, in words ('3 days ago', 'about 2 hours ago', 'less than a minute
 * ago'), rounding as people do. A moment slightly in the future (clock skew) counts as now.
 */
export function relativeTime(when: string | Date, now: Date = new Date()): string {
  const then = typeof when === 'string' ? new Date(when) : when;
  if (Number.isNaN(then.getTime())) return '';
  const elapsed = Math.max(0, now.getTime() - then.getTime());

  if (elapsed < 45 * SECOND) return 'less than a minute ago';
  if (elapsed < 90 * SECOND) return '1 minute ago';
  if (elapsed < 45 * MINUTE) return `${plural(Math.round(elapsed / MINUTE), 'minute')} ago`;
  if (elapsed < 90 * MINUTE) return 'about 1 hour ago';
  if (elapsed < DAY) return `about ${plural(Math.round(elapsed / HOUR), 'hour')} ago`;
  if (elapsed < 42 * HOUR) return '1 day ago';
  if (elapsed < MONTH) return `${plural(Math.round(elapsed / DAY), 'day')} ago`;
  if (elapsed < 45 * DAY) return 'about 1 month ago';
  if (elapsed < YEAR) return `${plural(Math.round(elapsed / MONTH), 'month')} ago`;
  const years = Math.floor(elapsed / YEAR);
  return elapsed - years * YEAR < 3 * MONTH ? `about ${plural(years, 'year')} ago` : `over ${plural(years, 'year')} ago`;
}
