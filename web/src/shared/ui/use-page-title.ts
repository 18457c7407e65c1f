import { useEffect } from 'react';
import { PRODUCT_NAME } from './product-name';

/** Names the browser tab after the page, so history entries and screen readers can tell pages apart. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
