/** @jest-environment jsdom */
import '../../test/dom-setup';
import { describe, expect, it, jest } from '@jest/globals';
import type { Suggestion } from '@prd/proto';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ReviewList } from './review-list';
import type { Decision } from './suggestions-api';

const DANA = { id: 1, username: 'dana', name: 'Dana' };
const base: Suggestion = {
  id: 11,
  documentId: 5,
  status: 'pending',
  author: { kind: 'ai', name: 'AI', userId: 1, requestedBy: DANA },
  quote: { exact: 'teh **payment**', prefix: '', suffix: '' },
  replacement: 'the **payment**',
  note: null,
  position: { start: 10, end: 21 },
  createdAt: new Date().toISOString(),
  decidedAt: null,
  decidedBy: null,
};
const SUGGESTIONS: Suggestion[] = [
  base,
  {
    ...base,
    id: 12,
    status: 'outdated',
    author: { kind: 'token', name: 'release bot', userId: 1, requestedBy: null },
    quote: { exact: 'Fewer', prefix: '', suffix: '' },
    replacement: 'Less',
    position: null,
  },
  {
    ...base,
    id: 13,
    author: { kind: 'user', name: 'Lee', userId: 2, requestedBy: null },
    quote: { exact: '', prefix: 'Goals', suffix: '' },
    replacement: '- A new goal.\n- Another [goal](https://example.com).',
    note: 'Missing one',
  },
];

function renderList(canDecide: boolean) {
  const onDecide = jest.fn<(id: number, decision: Decision) => void>();
  const onDecideAll = jest.fn<(decision: Decision) => void>();
  const onShow = jest.fn<(id: number) => void>();
  render(<ReviewList suggestions={SUGGESTIONS} canDecide={canDecide} busy={false} onDecide={onDecide} onDecideAll={onDecideAll} onShow={onShow} />);
  return { onDecide, onDecideAll, onShow };
}

const item = (name: string) => screen.getByRole('listitem', { name: `Suggestion by ${name}` });

describe('ReviewList', () => {
  it('lists each suggestion with its author, time, passage and replacement (as text, not markdown); an outdated one marked and offering only Reject', () => {
    const { onDecide } = renderList(true);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    const ai = item('AI · asked by Dana');
    expect(ai).toHaveTextContent('AI · asked by Dana · less than a minute ago');
    expect(within(ai).getByText('teh payment').tagName).toBe('DEL');
    expect(within(ai).getByText('the payment').tagName).toBe('INS');
    const token = item('release bot');
    expect(token).toHaveTextContent('Outdated');
    expect(within(token).queryByRole('button', { name: 'Accept' })).toBeNull();
    fireEvent.click(within(token).getByRole('button', { name: 'Reject' }));
    fireEvent.click(within(ai).getByRole('button', { name: 'Accept' }));
    expect(onDecide.mock.calls).toEqual([
      [12, 'reject'],
      [11, 'accept'],
    ]);
    // An insertion point: the new text alone, with its note.
    const person = item('Lee');
    expect(within(person).queryByRole('deletion')).toBeNull();
    expect(within(person).getByRole('insertion').textContent).toBe('A new goal.\nAnother goal.');
    expect(person).toHaveTextContent('Missing one');
  });

  it('offers Accept all and Reject all to deciders, and a click on a suggestion shows it in the document', () => {
    const { onDecideAll, onShow } = renderList(true);
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject all' }));
    expect(onDecideAll.mock.calls).toEqual([['accept'], ['reject']]);
    fireEvent.click(within(item('Lee')).getByTitle('Show it in the document'));
    expect(onShow).toHaveBeenCalledWith(13);
  });

  it('is read-only for commenters and viewers', () => {
    renderList(false);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Accept|Reject/ })).toBeNull();
  });

  it('says so when there is nothing to review', () => {
    render(<ReviewList suggestions={[]} canDecide busy={false} onDecide={() => undefined} onDecideAll={() => undefined} onShow={() => undefined} />);
    expect(screen.getByText('No suggestions to review.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept all' })).toBeNull();
  });
});
