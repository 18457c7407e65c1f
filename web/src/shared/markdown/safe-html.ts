import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { isOwnApiUrl } from '@prd/doc-model/own-api-url';

let purify: Purifier | undefined;

/** Made on first use, not when the module loads: the build renders pages that import this without a window (web/scripts/prerender-pages.ts). */
function purifier(): Purifier {
  if (purify) return purify;
  purify = DOMPurify(window);
  // As the chat's markdown (features/chat/markdown-urls.ts): no image may make the reader's browser call the API just by being shown.
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'IMG' && isOwnApiUrl(node.getAttribute('src') ?? '', window.location.origin)) node.removeAttribute('src');
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purify;
}

/** HTML rendered from people's markdown, made safe to show: raw HTML's scripts, handlers and unsafe URLs removed, links opening apart. */
export const safeHtml = (html: string): string => purifier().sanitize(html, { USE_PROFILES: { html: true } });
