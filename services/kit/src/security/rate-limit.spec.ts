import { describe, expect, it } from '@jest/globals';
import { describeWait, rateLimitNamespace } from './rate-limit.js';

describe('rate limit texts', () => {
  it('says when to retry in the largest sensible unit', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(45)).toBe('45 seconds');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(61)).toBe('2 minutes');
    expect(describeWait(3600)).toBe('60 minutes');
    expect(describeWait(7200)).toBe('2 hours');
  });

  it("names the namespace after the deployment's database", () => {
    expect(rateLimitNamespace('postgres://u:p@db:5432/identity')).toBe('identity');
  });
});
