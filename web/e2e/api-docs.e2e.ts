import { expect, test } from './fixtures';

test('the API reference at /api/docs renders the generated document under the gateway’s policy', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /PRD Studio API/ })).toBeVisible();
  // One operation per route, grouped by service: a sample from each.
  for (const path of ['/api/current-user', '/api/documents/{id}', '/api/chat/threads/{id}', '/api/documents/{id}/export/{format}']) {
    await expect(page.locator(`[data-path="${path}"]`).first()).toBeVisible();
  }
  expect(refused).toEqual([]);
  // Everything, the document included, comes from the gateway itself: no CDN.
  const origin = new URL(page.url()).origin;
  expect(requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
  expect(requested).toContain(`${origin}/api/openapi.json`);
});
