import type { BrowserContextOptions } from '@playwright/test';
import { expect, test } from './fixtures';
import { createDocumentByApi } from './chat-helpers';
import { newUser } from './co-editing-helpers';
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
      // The gateway's policy refuses inline scripts: nothing in the markup may depend on one. Besides the
      // entry there may only be data (the query results the page was rendered with), which is not run.
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(
        scripts.filter((tag) => !tag.includes('type="application/json"')),
        path,
      ).toEqual([expect.stringMatching(/^<script type="module" crossorigin src="\/assets\//)]);
    }
    // Every document's page has the same first screen, its loading state; an address that is no document's has none.
    for (const path of ['/documents/1', '/documents/4711/']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root" data-prerendered="">');
      expect(html, path).toContain('>Loading document...</span>');
    }
    for (const path of ['/projects', '/documents/new', '/documents/1/history', '/auth-options', '/home', '/visitor/documents']) {
      expect(await (await request.get(path)).text(), path).toContain('<div id="root"></div>');
    }
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('without JavaScript the template gallery shows its first page, linking to the templates the API lists', async ({ browser, request }) => {
      const listed = (await (await request.get('/api/templates')).json()) as { id: number; name: string }[];
      const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/templates');
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(12);
      for (const [index, template] of listed.slice(0, 12).entries()) {
        const card = cards.nth(index);
        await expect(card.getByRole('heading', { level: 2 })).toHaveText(template.name);
        await expect(card.getByRole('link', { name: `AI-assisted: ${template.name}` })).toHaveAttribute('href', `/document-flow/${template.id}?mode=ai-assisted&autoNavigate=true`);
      }
      await context.close();
    });

    test('without JavaScript a visitor without a session sees their empty document list, a signed-in user the list loading', async ({ browser }) => {
      const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/documents');
      await expect(page.getByRole('heading', { level: 2, name: 'No documents yet' })).toBeVisible();
      await context.addCookies([{ name: 'prd.sid', value: 'any', url: page.url() }]);
      await page.reload();
      await expect(page.getByRole('status')).toContainText('Loading documents...');
      await expect(page.getByRole('heading', { name: 'No documents yet' })).toHaveCount(0);
      await context.close();
    });

    test('once hydrated the gallery shows the templates the API lists, should they differ from the build', async ({ page }) => {
      const problems = await watchProblems(page);
      await page.route('/api/templates', async (route) => {
        const listed = (await (await route.fetch()).json()) as { name: string }[];
        await route.fulfill({ json: listed.map((template, index) => (index === 0 ? { ...template, name: 'Renamed since the build' } : template)) });
      });
      await page.goto('/templates');
      await expect(page.getByRole('article').first().getByRole('heading', { level: 2 })).toHaveText('Renamed since the build');
      expect(problems).toEqual([]);
    });

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

    test('a document opened on a phone shows its loading state first, then the document, without errors', async ({ page }) => {
      const problems = await watchProblems(page);
      const created = await createDocumentByApi(page, 'Prerendered document', '# Prerendered document\n\nIts first screen comes with the HTML.');
      await page.goto(`/documents/${created.id}`);
      await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
      await expect(page.getByRole('textbox', { name: 'Document', exact: true })).toContainText('Its first screen comes with the HTML.');
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });

    test("a document's first screen carries its text before any script, for its readers only, and is never stored", async ({ page, browser }) => {
      const created = await createDocumentByApi(page, 'First screen', '# Launch plan\n\nWe ship **on time**.\n\n<script>window.ran = 1</script>\n');
      const answer = await page.request.get(`/documents/${created.id}`);
      expect(answer.headers()['cache-control']).toBe('private, no-store');
      // The include itself is not reachable from outside.
      expect(await (await page.request.get(`/_first-screen/${created.id}`)).text()).not.toContain('Launch plan');

      const withoutScripts = async (storageState?: BrowserContextOptions['storageState']) => {
        const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, storageState });
        const opened = await context.newPage();
        await opened.goto(`/documents/${created.id}`);
        return { text: opened.locator('#document-first-screen'), spinner: opened.getByRole('status').filter({ hasText: 'Loading document...' }) };
      };
      const reader = await withoutScripts(await page.context().storageState());
      await expect(reader.text).toHaveAccessibleName('Document text');
      await expect(reader.text.getByRole('heading', { level: 1, name: 'Launch plan' })).toBeVisible();
      await expect(reader.text.locator('strong')).toHaveText('on time');
      await expect(reader.text).toContainText('<script>window.ran = 1</script>');
      await expect(reader.text.locator('script')).toHaveCount(0);
      await expect(reader.spinner).toBeHidden();

      // A visitor, and someone it is not shared with: the loading state, no text.
      const { page: stranger } = await newUser(browser);
      for (const other of [await withoutScripts(), await withoutScripts(await stranger.context().storageState())]) {
        await expect(other.spinner).toBeVisible();
        await expect(other.text).toBeHidden();
        await expect(other.text).toHaveText('');
      }
    });

    test("a document's first screen stands where the editor will show its text: the page's header does not push it down", async ({ browser }) => {
      // Its owner, registered (the skeleton of the header is theirs: a guest's breadcrumb has no Move to… nor Save as template).
      const { page } = await newUser(browser);
      const created = await createDocumentByApi(page, 'Quarterly roadmap', '# Launch plan\n\nWe ship **on time**.\n');
      const storageState = await page.context().storageState();
      const headingOn = async (javaScriptEnabled: boolean) => {
        // A phone's scrollbars take no room: the page is as wide with and without its scripts, whichever is longer.
        const context = await browser.newContext({ viewport: PHONE, isMobile: true, javaScriptEnabled, storageState });
        const opened = await context.newPage();
        await opened.goto(`/documents/${created.id}`);
        const text = javaScriptEnabled ? opened.getByRole('textbox', { name: 'Document', exact: true }) : opened.locator('#document-first-screen');
        await expect(text).toContainText('We ship on time.');
        const { y } = (await text.getByRole('heading', { level: 1, name: 'Launch plan' }).boundingBox())!;
        await context.close();
        return y;
      };
      const [served, live] = [await headingOn(false), await headingOn(true)];
      expect(Math.abs(live - served)).toBeLessThan(8);
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
