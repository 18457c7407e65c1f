/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createStore } from '../../app/store';
import { ProjectsGuard } from './projects-guard';

const REGISTERED = { isAuthenticated: true, isAnonymous: false, id: 1, username: 'ada', email: 'ada@example.test', name: 'Ada', firstName: null, lastName: null, isGuest: false };
const GUEST = { ...REGISTERED, username: 'guest-7f3a', email: null, name: null, isGuest: true };
const ANONYMOUS = { isAuthenticated: false, isAnonymous: true };

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** The current-user answer; `pending` never settles, as while it loads. */
function currentUserIs(body: object | 'pending') {
  globalThis.fetch = () =>
    body === 'pending' ? new Promise<Response>(() => undefined) : Promise.resolve({ ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(body) } as Response);
}

function renderGuard() {
  return render(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={['/projects']}>
        <Routes>
          <Route path="/" element={<p>Home page</p>} />
          <Route path="/projects" element={<ProjectsGuard>Project list</ProjectsGuard>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('ProjectsGuard', () => {
  it('shows a spinner while the user loads', () => {
    currentUserIs('pending');
    renderGuard();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByText('Project list')).not.toBeInTheDocument();
  });

  it('lets a registered user through', async () => {
    currentUserIs(REGISTERED);
    renderGuard();
    expect(await screen.findByText('Project list')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['a guest', GUEST],
    ['an anonymous visitor', ANONYMOUS],
  ])('blocks %s with the sign-up dialog and its ways out', async (_who, user) => {
    currentUserIs(user);
    renderGuard();
    const dialog = await screen.findByRole('dialog', { name: 'Sign up to Access Projects' });
    expect(screen.queryByText('Project list')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'View Documents Instead' })).toHaveAttribute('href', '/documents');
    expect(screen.getByRole('link', { name: 'Sign up with Email' })).toHaveAttribute('href', expect.stringMatching(/^\/api\/login\/email\?callbackUrl=/));
    expect(dialog).toHaveTextContent('By signing up, you agree to our Terms of Service and Privacy Policy.');
  });

  it('goes home when the dialog is closed', async () => {
    currentUserIs(GUEST);
    renderGuard();
    await screen.findByRole('dialog', { name: 'Sign up to Access Projects' });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });
});
