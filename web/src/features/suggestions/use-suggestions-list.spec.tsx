/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createStore } from '../../app/store';
import { useSuggestionsList } from './use-suggestions-list';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Every list request the hook makes, answered by the test when it chooses. */
function listRequests() {
  const answers: Array<(statuses: string[]) => void> = [];
  globalThis.fetch = () =>
    new Promise<Response>((resolve) =>
      answers.push((statuses) => {
        const suggestions = statuses.map((status, i) => ({ id: i + 1, status }));
        resolve({ ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify({ suggestions }) } as Response);
      }),
    );
  return answers;
}

let refresh: () => void = () => undefined;
function Statuses() {
  const list = useSuggestionsList(7);
  refresh = list.refresh;
  return <p>{list.suggestions.data ? `statuses: ${list.suggestions.data.map((s) => s.status).join(',') || 'none'}` : 'loading'}</p>;
}

/** The list shown, and its requests; resolves once the first one is on its way. */
async function opened() {
  const answers = listRequests();
  render(
    <Provider store={createStore()}>
      <Statuses />
    </Provider>,
  );
  await waitFor(() => expect(answers).toHaveLength(1));
  return answers;
}

describe('useSuggestionsList', () => {
  it('fetches the list again after a change announced while a request of it was under way', async () => {
    const answers = await opened();
    // The suggestion is accepted while the first request is on its way; that request's answer predates the decision.
    act(() => refresh());
    await act(async () => answers[0]!(['pending']));
    expect(await screen.findByText('statuses: pending')).toBeInTheDocument();
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1]!(['accepted']));
    expect(await screen.findByText('statuses: accepted')).toBeInTheDocument();
  });

  it('fetches at once when nothing is under way', async () => {
    const answers = await opened();
    await act(async () => answers[0]!([]));
    expect(await screen.findByText('statuses: none')).toBeInTheDocument();
    act(() => refresh());
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1]!(['rejected']));
    expect(await screen.findByText('statuses: rejected')).toBeInTheDocument();
  });
});
