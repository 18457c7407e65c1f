/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import { isOwnApiUrl } from '@prd/doc-model/own-api-url';
import { MarkdownView } from './markdown-view';

const ORIGIN = 'https://prd.example';

describe('images in rendered markdown', () => {
  it('know every spelling of a URL into this origin’s /api/', () => {
    for (const url of [
      '/api/logout',
      'api/logout',
      '/api',
      `${ORIGIN}/api/logout`,
      '/API/logout',
      '/%61pi/logout',
      '/%2Fapi/logout',
      '//prd.example/api/logout',
      '/x/../api/logout',
      '/./api/logout',
      '../../api/logout',
      '\\api\\logout',
    ])
      expect([url, isOwnApiUrl(url, ORIGIN)]).toEqual([url, true]);
    for (const url of ['/documents/7', '/apis/x', 'https://other.example/api/logout', '/images/api.png', 'data:image/png;base64,AAAA'])
      expect([url, isOwnApiUrl(url, ORIGIN)]).toEqual([url, false]);
  });

  it('lose their source when it points into /api/, and keep any other', () => {
    const { container } = render(<MarkdownView text={'![out](/api/logout)\n\n![odd](/%61pi/logout)\n\n![fine](/images/logo.png)\n\n[a link](/api/docs)'} />);
    const images = Array.from(container.querySelectorAll('img'));
    expect(images.map((img) => [img.alt, img.getAttribute('src')])).toEqual([
      ['out', null],
      ['odd', null],
      ['fine', '/images/logo.png'],
    ]);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/api/docs');
  });
});
