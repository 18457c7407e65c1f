import { describe, expect, it } from '@jest/globals';
import { formatUsageLine, messagesPercent } from './usage-line';

describe('formatUsageLine', () => {
  it("reads 'Docs: used/limit | Msgs: used/limit'", () => {
    expect(formatUsageLine({ docs: 1, messages: 7, limits: { docs: 3, messages: 20 } })).toBe('Docs: 1/3 | Msgs: 7/20');
  });

  it('shows an unlimited limit as ∞', () => {
    expect(formatUsageLine({ docs: 12, messages: 40, limits: { docs: null, messages: 200 } })).toBe('Docs: 12/∞ | Msgs: 40/200');
    expect(formatUsageLine({ docs: 0, messages: 0, limits: { docs: null, messages: null } })).toBe('Docs: 0/∞ | Msgs: 0/∞');
  });
});

describe('messagesPercent', () => {
  it('is the share of the message limit used, rounded', () => {
    expect(messagesPercent({ docs: 0, messages: 7, limits: { docs: 3, messages: 20 } })).toBe(35);
    expect(messagesPercent({ docs: 0, messages: 1, limits: { docs: 3, messages: 3 } })).toBe(33);
  });

  it('stops at 100 and is 100 for a zero limit', () => {
    expect(messagesPercent({ docs: 0, messages: 25, limits: { docs: 3, messages: 20 } })).toBe(100);
    expect(messagesPercent({ docs: 0, messages: 0, limits: { docs: 3, messages: 0 } })).toBe(100);
  });

  it('is 0 when messages are unlimited', () => {
    expect(messagesPercent({ docs: 0, messages: 500, limits: { docs: null, messages: null } })).toBe(0);
  });
});
