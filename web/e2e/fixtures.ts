import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, which also closes, after each test, the browser contexts the test opened besides its own (a second
 * user's, a visitor's). The browser is the worker's: a context left open stayed open for the rest of the run, its pages live
 * (their sockets, presence and timers) and painted by the one GPU process; a one-worker run had eight such renderers three
 * minutes in, adding to a load under which pages took more than five seconds to render on the 2-core machine.
 */
export const test = base.extend<{ closeOtherContexts: void }>({
  closeOtherContexts: [
    async ({ browser, context }, use) => {
      await use();
      await Promise.all(browser.contexts().flatMap((opened) => (opened === context ? [] : [opened.close()])));
    },
    { auto: true },
  ],
});
