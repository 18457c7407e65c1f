import { expect, test } from './fixtures';
import { PHONE, WIDE } from './helpers';

test.describe('templates on a wide screen', () => {
  test.use({ viewport: WIDE });

  test('templates pagination shows 12 a page and reaches page 2', async ({ page }) => {
    await page.goto('/templates');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(12);
    const firstOnPageOne = await cards.first().getByRole('heading').textContent();
    const pages = page.getByRole('navigation', { name: 'Template pages' });
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(cards.first().getByRole('heading')).not.toHaveText(firstOnPageOne ?? '');
    await expect(cards.first().getByRole('link', { name: /^AI-assisted/ })).toHaveAttribute('href', /\/document-flow\/\d+\?mode=ai-assisted&autoNavigate=true$/);
    await expect(cards.first().getByRole('link', { name: /^Start new/ })).toHaveAttribute('href', /\/document-flow\/\d+\?mode=start-new&autoNavigate=true$/);
  });
});

test.describe('on a 390×844 phone', () => {
  test.use({ viewport: PHONE });

  test('the bottom tab bar shows and the drawer navigates', async ({ page }) => {
    await page.goto('/');
    const tabs = page.getByRole('navigation', { name: 'Bottom navigation' });
    await expect(tabs.getByRole('link')).toHaveText(['Home', 'Projects', 'Documents', 'Templates', 'AI Chat']);

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('Ready to unlock more features?')).toBeVisible();
    await drawer.getByRole('link', { name: 'Documents' }).click();
    await expect(page).toHaveURL(/\/documents$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    await expect(drawer).toBeHidden();

    await tabs.getByRole('link', { name: 'Templates' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  });
});
