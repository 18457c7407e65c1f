import { describe, expect, it } from '@jest/globals';
import { safeCallbackUrl } from './callback-url.js';

describe('safeCallbackUrl', () => {
  it('keeps a path on our own site', () => {
    expect(safeCallbackUrl('/documents/3')).toBe('/documents/3');
    expect(safeCallbackUrl('/chat?mode=persona#top')).toBe('/chat?mode=persona#top');
  });

  it('drops anything that could leave the site', () => {
    for (const value of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'documents', '/a\nb', '', undefined, 42, ['/x']]) {
      expect(safeCallbackUrl(value)).toBeNull();
    }
  });
});
