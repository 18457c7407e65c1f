/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createStore } from '../../app/store';
import { GuestMessageWarning } from './guest-message-warning';

const GUEST = { isAuthenticated: true, isAnonymous: false, id: 41, username: 'guest-7f3a', email: null, name: null, firstName: null, lastName: null, isGuest: true };
const REGISTERED = { ...GUEST, id: 42, username: 'ada', email: 'ada@example.test', isGuest: false };

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Answers the current-user and usage reads. */
function serve(user: object, messages: number, limit: number | null) {
  globalThis.fetch = (input: RequestInfo | URL) => {
    const body = String(input).includes('/api/usage') ? { docs: 0, messages, limits: { docs: 3, messages: limit } } : user;
    return Promise.resolve({ ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(body) } as Response);
  };
}

function renderWarning() {
  const store = createStore();
  render(
    <Provider store={store}>
      <GuestMessageWarning />
    </Provider>,
  );
  return store;
}

describe('GuestMessageWarning', () => {
  it('warns a guest at the limit minus 1 and opens the usage-limit dialog for messages', async () => {
    serve(GUEST, 19, 20);
    const store = renderWarning();
    expect(await screen.findByText('You have 1 message left this month')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().dialogs.usageLimit).toBe('messages'));
  });

  it('says nothing below the limit minus 1', async () => {
    serve(GUEST, 18, 20);
    const store = renderWarning();
    await waitFor(() => expect(store.getState().api.queries['getUsage(undefined)']?.status).toBe('fulfilled'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().dialogs.usageLimit).toBeNull();
  });

  it('never warns a registered user', async () => {
    serve(REGISTERED, 199, 200);
    const store = renderWarning();
    await waitFor(() => expect(store.getState().api.queries['getUsage(undefined)']?.status).toBe('fulfilled'));
    expect(screen.queryByText(/left this month/)).not.toBeInTheDocument();
    expect(store.getState().dialogs.usageLimit).toBeNull();
  });
});
