import { describe, expect, test } from '@jest/globals';
import { latencies, percentile } from './load.ts';
import { judge, judgeRows, renderTable, type Row } from './report.ts';
import { quotient, spread } from './spread.ts';

describe('repeated figures', () => {
  test('median of an odd and of an even count, with the extremes', () => {
    expect(spread([3, 1, 2])).toMatchObject({ median: 2, min: 1, max: 3 });
    expect(spread([4, 1, 3, 2])).toMatchObject({ median: 2.5, min: 1, max: 4 });
  });

  test('a quotient of two spreads spans the least and most favourable pairings', () => {
    const q = quotient(spread([1.2, 1.3, 1.4]), spread([0.9, 1, 1.1]));
    expect(q.median).toBeCloseTo(1.3);
    expect(q.min).toBeCloseTo(1.2 / 1.1);
    expect(q.max).toBeCloseTo(1.4 / 0.9);
  });
});

describe('percentiles', () => {
  test('nearest rank over ascending samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile(samples, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
  });

  test('latencies sorts the samples first', () => {
    expect(latencies([30, 10, 20])).toEqual({ samples: 3, p50Ms: 20, p99Ms: 30, maxMs: 30 });
  });
});

describe('judging a figure against its target', () => {
  const atMost50 = { op: '<=' as const, value: 50, text: 'p99 ≤ 50 ms' };
  const atLeast06 = { op: '>=' as const, value: 0.6, text: '≥ 0.6' };

  test('a figure within its target passes, one beyond it misses, at either bound', () => {
    expect(judge({ value: 50, text: '50 ms' }, atMost50).verdict).toBe('pass');
    expect(judge({ value: 50.1, text: '50.1 ms' }, atMost50).verdict).toBe('miss');
    expect(judge({ value: 0.6, text: '0.60' }, atLeast06).verdict).toBe('pass');
    expect(judge({ value: 0.59, text: '0.59' }, atLeast06).verdict).toBe('miss');
  });

  test('a repeated figure passes only when its least favourable repetition passes too', () => {
    expect(judge({ value: 0.7, worst: 0.58, text: '0.70 (0.58–0.75)' }, atLeast06).verdict).toBe('miss');
    expect(judge({ value: 0.7, worst: 0.61, text: '0.70 (0.61–0.75)' }, atLeast06).verdict).toBe('pass');
    expect(judge({ value: 40, worst: 51, text: '40 ms' }, atMost50).verdict).toBe('miss');
  });

  test('a figure whose run had failures misses whatever its value, and says so', () => {
    expect(judge({ value: 10, text: '10 ms', failed: '3 failed' }, atMost50)).toEqual({ text: '10 ms (3 failed)', verdict: 'miss' });
  });

  test('a figure without a target is information; one not measured says why', () => {
    expect(judge({ value: 1200, text: '1,200 req/s' }, undefined).verdict).toBe('info');
    expect(judge({ notMeasured: 'no provider' }, atMost50)).toEqual({ text: 'not measured: no provider', verdict: 'not measured' });
  });
});

test('the table shows each figure beside its target with pass or miss, and — where a column has no figure', () => {
  const rows: Row[] = [
    {
      figure: 'Read path p99',
      target: { op: '<=', value: 50, text: 'p99 ≤ 50 ms' },
      cells: [
        { value: 12, text: '12 ms' },
        { value: 80, text: '80 ms' },
      ],
    },
    { figure: 'Bundle', cells: [{ value: 1, text: '231 kB' }] },
  ];
  const lines = renderTable(judgeRows(rows), ['1 replica', '2 replicas']).split('\n');
  expect(lines).toHaveLength(4);
  expect(lines[0]).toMatch(/^\| Figure +\| Target +\| 1 replica +\| 2 replicas +\|$/);
  expect(lines[2]).toMatch(/\| Read path p99 +\| p99 ≤ 50 ms +\| 12 ms pass +\| 80 ms miss +\|/);
  expect(lines[3]).toMatch(/\| Bundle +\| — +\| 231 kB +\| — +\|/);
  expect(new Set(lines.map((l) => l.length)).size).toBe(1);
});
