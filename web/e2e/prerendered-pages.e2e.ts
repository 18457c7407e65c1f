import { expect, test } from '@playwright/test';
import { PHONE, watchProblems, WIDE } from './helpers';

/** The pages web/scripts/prerender-pages.ts renders at build time, with a heading of each. */
const PRERENDERED = [
  { path: '/', heading: 'PRD Studio' },
  { path: '/auth', heading: 'Welcome to PRD Studio' },
  { path: '/documents', heading: 'Documents' },
  { path: '/templates', heading: 'Templates' },
  { path: '/chat', heading: 'Product Management AI' },
];

test.describe('prerendered first screens', () => {
  test('the gateway serves the most visited pages with their markup, and other addresses the empty shell', async ({ request }) => {
    for (const { path, heading } of PRERENDERED) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root" data-prerendered="">');
      expect(html, path).toContain(`>${heading}</h1>`);
      // The gateway's policy refuses inline scripts: nothing in the markup may depend on one.
      expect(html.match(/<script\b[^>]*>/g), path).toHaveLength(1);
    }
    for (const path of ['/projects', '/documents/1', '/auth-options']) {
      expect(await (await request.get(path)).text(), path).toContain('<div id="root"></div>');
    }
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('without JavaScript the home page shows its content, and its links work', async ({ browser }) => {
      const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'PRD Studio' })).toBeVisible();
      await expect(page.getByText('Popular Templates')).toBeVisible();
      await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link', { name: 'Templates' }).click();
      await expect(page).toHaveURL(/\/templates$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
      await context.close();
    });

    for (const { path } of PRERENDERED) {
      test(`${path} is hydrated without errors and then answers to its controls`, async ({ page }) => {
        const problems = await watchProblems(page);
        await page.goto(path);
        await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
        await page.getByRole('button', { name: 'Open navigation menu' }).click();
        await expect(page.getByRole('dialog').getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(problems).toEqual([]);
      });
    }
  });

  test('a wide screen never shows the phone layout of the markup: it stays hidden until the client has the sidebar', async ({ browser }) => {
    const context = await browser.newContext({ viewport: WIDE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered');
    await expect(page.getByRole('heading', { level: 1, name: 'PRD Studio' })).toBeHidden();
    await context.close();

    const live = await browser.newPage({ viewport: WIDE });
    const problems = await watchProblems(live);
    const shownWithoutSidebar: boolean[] = [];
    await live.exposeFunction('reportReveal', (sidebar: boolean) => shownWithoutSidebar.push(!sidebar));
    // Records, when the attribute goes, whether the sidebar is already there.
    await live.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        const root = document.getElementById('root');
        if (!root || root.hasAttribute('data-prerendered')) return;
        observer.disconnect();
        (window as unknown as { reportReveal: (sidebar: boolean) => void }).reportReveal(document.querySelector('aside nav[aria-label="Main navigation"]') !== null);
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-prerendered'] });
    });
    await live.goto('/');
    await expect(live.getByRole('heading', { level: 1, name: 'PRD Studio' })).toBeVisible();
    await expect.poll(() => shownWithoutSidebar).toEqual([false]);
    expect(problems).toEqual([]);
    await live.close();
  });
});
