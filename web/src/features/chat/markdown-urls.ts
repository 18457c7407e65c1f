import { defaultUrlTransform, type UrlTransform } from 'react-markdown';
import { isOwnApiUrl } from '@prd/doc-model/own-api-url';

/** react-markdown's safe URLs, without images pointing into this origin's `/api/` (their `src` is dropped). */
export const markdownUrlTransform: UrlTransform = (url, key, node) => {
  const safe = defaultUrlTransform(url);
  return key === 'src' && node.tagName === 'img' && isOwnApiUrl(safe, window.location.origin) ? null : safe;
};
