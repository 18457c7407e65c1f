import { describe, expect, it } from '@jest/globals';
import { linkAddress } from './link-address.js';

describe('linkAddress', () => {
  it('keeps http, https and mailto addresses, whatever the case of the scheme', () => {
    expect(linkAddress('https://example.com/a?b=1#c')).toBe('https://example.com/a?b=1#c');
    expect(linkAddress('http://example.com')).toBe('http://example.com');
    expect(linkAddress('  MAILTO:team@example.com ')).toBe('MAILTO:team@example.com');
    expect(linkAddress('HTTPS://example.com')).toBe('HTTPS://example.com');
  });

  it('refuses every other scheme, relative addresses and anchors', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'file:///etc/passwd',
      'data:text/html,<b>x</b>',
      'ftp://example.com',
      '/docs/spec',
      'spec.md',
      '#goals',
      '',
      'https',
    ]) {
      expect(linkAddress(url)).toBeUndefined();
    }
  });
});
