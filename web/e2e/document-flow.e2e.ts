import { expect, test, type Page } from './fixtures';
import { defaultTemplate } from './chat-helpers';
import { unique, WIDE } from './helpers';
import { documentRegion } from './co-editing-helpers';

test.use({ viewport: WIDE });
test.describe.configure({ timeout: 360_000 });

/** The `## ` headings of a template, in order: the flow asks one question per section. */
const sectionsOf = (content: string): string[] => [...content.matchAll(/^## (.+)$/gm)].map((match) => match[1]!.trim());

/**
 * Resolves with the completion card's link once the card is in the page. It shows for 1.5 s before the redirect,
 * which a check polled after the last answer can miss on a loaded machine; a DOM observer started earlier cannot.
 */
function completionCard(page: Page): Promise<{ link: string; href: string }> {
  return page.evaluate(
    () =>
      new Promise<{ link: string; href: string }>((resolve) => {
        const look = () => {
          const card = Array.from(document.querySelectorAll('[role="status"]')).find((el) => el.textContent?.includes('Document generated successfully!'));
          const link = card?.querySelector('a');
          if (!link) return;
          observer.disconnect();
          resolve({ link: link.textContent ?? '', href: link.getAttribute('href') ?? '' });
        };
        const observer = new MutationObserver(look);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        look();
      }),
  );
}

test('a guest completes the document flow for the default template and lands in the editor with every section filled', async ({ page }) => {
  const template = await defaultTemplate(page);
  const sections = sectionsOf(template.content);
  expect(sections.length).toBeGreaterThan(3);

  await page.goto(`/document-flow/${template.id}?mode=ai-assisted`);
  await expect(page.getByRole('heading', { level: 1, name: 'What are you working on?' })).toBeVisible();
  // A blank title is refused (docs/product.md §5).
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Title required', { exact: true })).toBeVisible();
  await expect(page.getByText("Please enter what you're working on")).toBeVisible();

  const title = unique('Shared calendars ');
  await page.getByRole('textbox', { name: 'What are you working on?' }).fill(title);
  await page.getByRole('button', { name: 'Continue' }).click();

  const preview = page.getByRole('region', { name: 'Document preview' });
  await expect(preview.getByRole('heading', { level: 2, name: title })).toBeVisible();
  // The page is a conversation with the AI: the shell's AI Assistant launcher is not over it.
  await expect(page.getByRole('button', { name: 'AI Assistant' })).toHaveCount(0);
  await expect(preview.getByTestId('character-count')).toHaveText(/^[\d,]+ characters$/);
  const conversation = page.getByRole('log', { name: 'Document assistant conversation' });
  await expect(conversation).toContainText(`Step 1 of ${sections.length}`);

  const answer = page.getByRole('textbox', { name: 'Your answer' });
  const bubbles = conversation.getByRole('listitem');
  const card = completionCard(page);
  for (const [index, section] of sections.entries()) {
    // Six words or more: the assistant moves to the next section without a follow-up question.
    await answer.fill(`Answer ${index + 1} for ${section} written by the product team`);
    await answer.press('Enter');
    await expect(bubbles).toHaveCount(2 + 2 * (index + 1));
    await expect(preview).toContainText(`Answer ${index + 1} for ${section}`);
  }

  expect(await card).toEqual({ link: 'View Document', href: expect.stringMatching(/^\/documents\/\d+$/) });
  // The redirect follows 1.5 s later.
  await expect(page).toHaveURL(/\/documents\/\d+$/);
  const editorPreview = documentRegion(page);
  await expect(editorPreview.getByRole('textbox', { name: 'Document title' })).toHaveValue(title, { timeout: 20_000 });
  // The text shows once the live document has synced.
  await expect(editorPreview.getByRole('textbox', { name: 'Document', exact: true })).toBeVisible({ timeout: 45_000 });
  for (const [index, section] of sections.entries()) {
    await expect(editorPreview.getByRole('heading', { name: section, exact: true })).toBeVisible();
    await expect(editorPreview).toContainText(`Answer ${index + 1} for ${section} written by the product team`);
  }
  await expect(editorPreview).not.toContainText('To be completed');
});

test('an unknown template shows Template not found with the way back', async ({ page }) => {
  await page.goto('/document-flow/999999');
  await expect(page.getByRole('heading', { name: 'Template not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Templates' }).click();
  await expect(page).toHaveURL(/\/templates$/);
});
