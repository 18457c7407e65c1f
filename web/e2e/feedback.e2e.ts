import { expect, test } from './fixtures';
import { openedDialog, PHONE, WIDE } from './helpers';

test.describe('on a wide screen', () => {
  test.use({ viewport: WIDE });

  test('feedback is submitted with a mood, which can be chosen, deselected and chosen again', async ({ page }) => {
    await page.goto('/templates');
    await page.getByRole('button', { name: 'Feedback' }).click();
    const form = await openedDialog(page, 'Send feedback');

    // Blank feedback is refused without a call.
    await form.getByRole('button', { name: 'Submit feedback' }).click();
    await expect(page.getByText('Feedback cannot be empty', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter your feedback before submitting.')).toBeVisible();

    await form.getByLabel('Your feedback').fill('The document flow is great, exports could be faster.');
    const excited = form.getByRole('button', { name: 'Excited' });
    await excited.click();
    await expect(excited).toHaveAttribute('aria-pressed', 'true');
    await excited.click();
    await expect(excited).toHaveAttribute('aria-pressed', 'false');
    const neutral = form.getByRole('button', { name: 'Neutral' });
    await neutral.click();
    await expect(neutral).toHaveAttribute('aria-pressed', 'true');

    const answer = page.waitForResponse((response) => response.url().endsWith('/api/feedback') && response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Submit feedback' }).click();
    const response = await answer;
    expect(response.ok()).toBe(true);
    expect(response.request().postDataJSON()).toEqual({ content: 'The document flow is great, exports could be faster.', rating: 2 });
    expect(await response.json()).toMatchObject({ rating: 2, content: 'The document flow is great, exports could be faster.' });
    await expect(page.getByText('Feedback sent', { exact: true })).toBeVisible();
    await expect(form).toBeHidden();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the feedback button is on every page above the bottom tab bar, its icon alone, and the AI Assistant is not', async ({ page }) => {
    await page.goto('/documents');
    await expect(page.getByRole('button', { name: 'Feedback' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'AI Assistant' })).toHaveCount(0);
    const button = await page.getByRole('button', { name: 'Feedback' }).boundingBox();
    const bar = await page.getByRole('navigation', { name: 'Bottom navigation' }).boundingBox();
    expect(button!.y + button!.height).toBeLessThanOrEqual(bar!.y);
    // A round button that covers little of the text beneath it, still named Feedback.
    expect([button!.width, button!.height]).toEqual([44, 44]);
    await page.getByRole('button', { name: 'Feedback' }).click();
    await expect(page.getByLabel('Your feedback')).toBeVisible();
  });
});
