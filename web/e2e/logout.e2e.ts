import { expect, test, type Page } from './fixtures';
import { unique, WIDE } from './helpers';

test.use({ viewport: WIDE });

const me = async (page: Page) => (await (await page.request.get('/api/current-user')).json()) as { isAuthenticated: boolean; username?: string };

test('an image pointing at /api/logout logs nobody out; the Log out link still does', async ({ page }) => {
  await page.goto('/');
  const origin = new URL(page.url()).origin;
  // Signed up through the API, which shares the page's cookies (the sign-up form has its own tests).
  const account = { username: unique('reader'), password: 'secret-pass-1' };
  const registered = await page.request.post('/api/register', { data: { ...account, email: `${account.username}@example.test` }, headers: { Origin: origin }, timeout: 30_000 });
  expect(registered.status()).toBe(201);
  const created = await page.request.post('/api/documents', {
    data: { title: 'Trap', content: '# Trap\n\n![gone](/api/logout)\n\nStill here.' },
    headers: { Origin: origin },
  });
  const doc = (await created.json()) as { id: number };
  const link = (await (await page.request.post(`/api/documents/${doc.id}/share-link`, { headers: { Origin: origin } })).json()) as { url: string };

  // The share page renders the markdown: the image keeps its alt text and loses its source.
  await page.goto(link.url);
  await expect(page.getByText('Still here.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'gone' })).not.toHaveAttribute('src');
  // Any image the page makes the browser fetch, whatever its spelling: Sec-Fetch-Dest is image, so nothing ends.
  const status = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const img = new Image();
        img.onload = () => resolve('loaded');
        img.onerror = () => resolve('failed');
        img.src = '/api/logout';
      }),
  );
  expect(status).toBe('failed');
  expect(await me(page)).toMatchObject({ isAuthenticated: true, username: account.username });

  // The product's own link is a top-level navigation: it logs out and goes home.
  await page.goto('/documents');
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${origin}/`);
  expect(await me(page)).toMatchObject({ isAuthenticated: false });
});
