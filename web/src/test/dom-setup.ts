import '@testing-library/jest-dom/jest-globals';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom leaves out what react-router needs at load time.
Object.assign(globalThis, { TextEncoder, TextDecoder });

/** jsdom has no matchMedia; antd and the shell ask it for breakpoints. Every query answers "no match". */
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// jsdom cannot style pseudo-elements (antd measures the scrollbar with one): answer for the element itself.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

/** jsdom has no ResizeObserver; antd's popups (a dropdown's menu) observe their size. Nothing is laid out, so none reports. */
if (!('ResizeObserver' in window)) {
  class NoResizes {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(globalThis, { ResizeObserver: NoResizes });
}
