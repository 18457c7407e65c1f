/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore } from '../../app/store';
import { ToastProvider } from '../../shared/toast/toast-provider';
import { StartNewDocumentDialog } from './start-new-document-dialog';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Answers the template list with `templates` (or a failure status) and every other read as an anonymous visitor. */
function serverAnswers(templates: { status: number; body: unknown }) {
  globalThis.fetch = ((input: string | URL) => {
    const url = String(input);
    const { status, body } = url.includes('/api/templates') ? templates : { status: 200, body: { isAuthenticated: false, isAnonymous: true } };
    return Promise.resolve({ ok: status < 400, status, statusText: String(status), text: async () => JSON.stringify(body) } as Response);
  }) as typeof fetch;
}

function renderDialog(createDirectly: boolean) {
  return render(
    <Provider store={createStore()}>
      <ToastProvider>
        <MemoryRouter>
          <StartNewDocumentDialog open onClose={() => undefined} createDirectly={createDirectly} />
        </MemoryRouter>
      </ToastProvider>
    </Provider>,
  );
}

describe('StartNewDocumentDialog', () => {
  it("tells the Generate menu's user there are no templates and whom to ask", async () => {
    serverAnswers({ status: 200, body: [] });
    renderDialog(false);
    const next = await screen.findByRole('button', { name: 'Continue' });
    await userEvent.click(next);
    expect(await screen.findByText('No templates available')).toBeInTheDocument();
    expect(screen.getByText('Please create templates first or contact your administrator')).toBeInTheDocument();
  });

  it('says the document flow could not be prepared when the templates do not load', async () => {
    serverAnswers({ status: 503, body: { code: 'UNAVAILABLE', message: 'Service temporarily unavailable, please retry shortly' } });
    renderDialog(true);
    const next = await screen.findByRole('button', { name: 'Continue with AI' });
    await screen.findByText(/Default Template/);
    await userEvent.click(next);
    expect(await screen.findByText('Error preparing document flow')).toBeInTheDocument();
    expect(screen.getByText('Service temporarily unavailable, please retry shortly')).toBeInTheDocument();
  });
});
