import dayjs from 'dayjs';
import relativeTimePlugin from 'dayjs/plugin/relativeTime';

// dayjs (antd's own date library) words the distance; the thresholds keep the product's rounding:
// minutes below 45, hours below a day, "1 day" up to 42 hours, days below 30, months below a year.
dayjs.extend(relativeTimePlugin, {
  thresholds: [
    { l: 's', r: 44, d: 'second' },
    { l: 'm', r: 89 },
    { l: 'mm', r: 44, d: 'minute' },
    { l: 'h', r: 89 },
    { l: 'hh', r: 23, d: 'hour' },
    { l: 'd', r: 41 },
    { l: 'dd', r: 29, d: 'day' },
    { l: 'M', r: 44 },
    { l: 'MM', r: 11, d: 'month' },
    { l: 'y', r: 17 },
    { l: 'yy', d: 'year' },
  ],
});

/** The product's wording, as a locale of its own so antd's date pickers keep dayjs' default English. */
const LOCALE = 'en-prd';
dayjs.locale(
  {
    name: LOCALE,
    formats: {},
    relativeTime: {
      future: 'in %s',
      past: '%s ago',
      s: 'less than a minute',
      m: '1 minute',
      mm: '%d minutes',
      h: 'about 1 hour',
      hh: 'about %d hours',
      d: '1 day',
      dd: '%d days',
      M: 'about 1 month',
      MM: '%d months',
      y: 'about 1 year',
      yy: '%d years',
    },
  },
  undefined,
  true,
);

/**
 * How long ago a moment was, in words ('3 days ago', 'about 2 hours ago', 'less than a minute
 * ago'). A moment slightly in the future (clock skew) counts as now.
 */
export function relativeTime(when: string | Date, now: Date = new Date()): string {
  const then = dayjs(when);
  if (!then.isValid()) return '';
  return (then.isAfter(now) ? dayjs(now) : then).locale(LOCALE).from(now);
}
