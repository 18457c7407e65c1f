export const METRICS = Symbol('METRICS');
