/**
 * A figure measured several times: its median and the spread around it. A target is met only when
 * the whole spread meets it (docs/decisions/0011-load-tests.md: "a pass only when the whole spread passes").
 */
export interface Spread {
  median: number;
  min: number;
  max: number;
  values: number[];
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('a spread needs at least one value');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, values: [...values] };
}

/**
 * The quotient of two independently repeated figures: the median over the median, and the widest
 * spread their extremes allow (smallest numerator over largest denominator, and the reverse).
 */
export function quotient(numerator: Spread, denominator: Spread): Spread {
  return {
    median: numerator.median / denominator.median,
    min: numerator.min / denominator.max,
    max: numerator.max / denominator.min,
    values: [],
  };
}
