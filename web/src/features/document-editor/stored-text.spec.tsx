/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { StoredText } from './stored-text';

afterEach(cleanup);

describe('StoredText, the document shown before the live copy has synced', () => {
  it('shows the stored markdown as formatted text, read-only: no textbox to type into', () => {
    render(<StoredText text={'# Launch plan\n\nWe ship **on time**.\n\n- [x] Scope\n- [ ] Risks\n\n| A | B |\n| - | - |\n| 1 | 2 |\n'} />);
    const text = screen.getByRole('article', { name: 'Document text' });
    expect(text.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('heading', { level: 1, name: 'Launch plan' })).toBeTruthy();
    expect(text.querySelector('strong')?.textContent).toBe('on time');
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(text.closest('[contenteditable]')).toBeNull();
  });

  it('shows raw HTML as text, and drops unsafe links and images that would call the API', () => {
    render(
      <StoredText
        text={
          '<script>window.hacked = 1</script>\n\n<img src=x onerror="window.hacked = 1">\n\n[click](javascript:alert(1)) [docs](https://example.com/docs) ![logout](/api/logout) ![ok](https://example.com/a.png)\n'
        }
      />,
    );
    const text = screen.getByRole('article', { name: 'Document text' });
    expect(text.querySelector('script')).toBeNull();
    expect(text.textContent).toContain('<script>window.hacked = 1</script>');
    expect(text.querySelector('[onerror]')).toBeNull();
    expect(text.innerHTML).not.toContain('javascript:');
    expect(screen.getByRole('link', { name: 'docs' }).getAttribute('rel')).toBe('noopener noreferrer');
    const images = Array.from(text.querySelectorAll('img'));
    expect(images.find((img) => img.alt === 'logout')?.hasAttribute('src')).toBe(false);
    expect(images.find((img) => img.alt === 'ok')?.getAttribute('src')).toBe('https://example.com/a.png');
    expect(screen.queryByRole('link', { name: 'click' })).toBeNull();
    expect(text.textContent).toContain('click');
  });
});
