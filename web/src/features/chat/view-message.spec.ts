import { describe, expect, it } from '@jest/globals';
import { dropMessage, lastReplyIndex, localMessage, settleSend, type ViewMessage } from './view-message';

const stored = (id: number, role: ViewMessage['role'], content: string): ViewMessage => ({ key: `m${id}`, role, content });

describe('optimistic sends', () => {
  it('replace the optimistic message by the stored one and append the reply in its place', () => {
    const before = stored(1, 'assistant', 'Hello');
    const optimistic = localMessage('user', 'Question');
    const after = stored(9, 'assistant', 'later');
    const settled = settleSend([before, optimistic, after], optimistic.key, [stored(2, 'user', 'Question'), stored(3, 'assistant', 'Answer')]);
    expect(settled.map((m) => m.key)).toEqual(['m1', 'm2', 'm3', 'm9']);
  });

  it('append when the optimistic message is gone (the view was cleared meanwhile)', () => {
    expect(settleSend([], 'local-x', [stored(2, 'user', 'Q')]).map((m) => m.key)).toEqual(['m2']);
  });

  it('remove only the failed message', () => {
    const optimistic = localMessage('user', 'Question');
    expect(dropMessage([stored(1, 'assistant', 'Hi'), optimistic], optimistic.key)).toEqual([stored(1, 'assistant', 'Hi')]);
  });

  it('give every local message its own key', () => {
    expect(localMessage('user', 'a').key).not.toBe(localMessage('user', 'a').key);
  });
});

describe('lastReplyIndex', () => {
  it('finds the last reply when only system notes follow it, and nothing when a question does', () => {
    const note = localMessage('system', 'updated');
    expect(lastReplyIndex([stored(1, 'user', 'Q'), stored(2, 'assistant', 'A'), note])).toBe(1);
    expect(lastReplyIndex([stored(1, 'user', 'Q'), stored(2, 'assistant', 'A'), stored(3, 'user', 'Q2')])).toBe(-1);
    expect(lastReplyIndex([])).toBe(-1);
  });
});
