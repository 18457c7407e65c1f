/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AuthRequired } from './auth-required';

afterEach(cleanup);

describe('AuthRequired (docs/product.md §2 protected-route wording)', () => {
  it('says an account is needed and links to the sign-up choice with the current page as callbackUrl', async () => {
    const navigated = jest.fn();
    render(
      <MemoryRouter initialEntries={['/documents/7?view=history']}>
        <AuthRequired onNavigate={navigated} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
    expect(screen.getByText('You need to be logged in to access this page.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Sign in to continue' });
    expect(link).toHaveAttribute('href', `/auth-options?callbackUrl=${encodeURIComponent('/documents/7?view=history')}`);
    await userEvent.click(link);
    expect(navigated).toHaveBeenCalledTimes(1);
  });
});
