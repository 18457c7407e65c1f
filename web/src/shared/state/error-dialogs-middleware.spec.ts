import { describe, expect, it } from '@jest/globals';
import { createStore } from '../../app/store';
import { identityApi } from '../api/identity-api';
import { errorMessage, limitKindOf, opensDialog } from './error-dialogs-middleware';

const usage = (docs: number, messages: number) => ({ docs, messages, limits: { docs: 3, messages: 20 } });

describe('limitKindOf', () => {
  it('reads the allowance from the limit field, whatever the message says', () => {
    expect(limitKindOf({ status: 429, code: 'LIMIT_EXCEEDED', message: "You've reached the message limit", limit: 'docs' })).toBe('docs');
    expect(limitKindOf({ status: 429, code: 'LIMIT_EXCEEDED', message: "You've reached the document limit", limit: 'messages' })).toBe('messages');
  });
});

describe('the error dialogs', () => {
  const failWith = (status: number, body: object) => {
    globalThis.fetch = async () => new Response(JSON.stringify(body), { status });
  };

  it('opens the usage-limit dialog for LIMIT_EXCEEDED', async () => {
    const store = createStore();
    failWith(429, { code: 'LIMIT_EXCEEDED', message: 'Limit reached', limit: 'docs', usage: usage(3, 0) });
    await store.dispatch(identityApi.endpoints.getUsage.initiate());
    expect(store.getState().dialogs.usageLimit).toBe('docs');
  });

  it("opens the sign-up dialog with the server's texts for ACCOUNT_REQUIRED", async () => {
    const store = createStore();
    failWith(403, { code: 'ACCOUNT_REQUIRED', message: 'Registration required', description: 'Sign up to create and manage projects' });
    await store.dispatch(identityApi.endpoints.getUsage.initiate());
    expect(store.getState().dialogs.signUp).toEqual({
      reason: 'custom',
      title: 'Registration required',
      description: 'Sign up to create and manage projects',
    });
  });

  it('opens nothing for other errors', async () => {
    const store = createStore();
    failWith(404, { code: 'NOT_FOUND', message: 'Project not found' });
    await store.dispatch(identityApi.endpoints.getUsage.initiate());
    expect(store.getState().dialogs).toMatchObject({ signUp: null, usageLimit: null });
  });

  it('tells callers which errors already opened a dialog', () => {
    expect(opensDialog({ status: 429, code: 'LIMIT_EXCEEDED', message: 'x', limit: 'messages' })).toBe(true);
    expect(opensDialog({ status: 500, message: 'boom' })).toBe(false);
    expect(errorMessage({ status: 500, message: 'boom' })).toBe('boom');
    expect(errorMessage(new Error('not an answer'))).toBe('Something went wrong. Please try again.');
  });
});
