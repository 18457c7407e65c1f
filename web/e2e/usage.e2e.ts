import { expect, test } from './fixtures';
import { createDocumentFromDialog, unique, WIDE } from './helpers';

test.use({ viewport: WIDE });
// Whole user journeys through several pages: more than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

test('the usage line changes without a reload when a document is created in another tab', async ({ page, context }) => {
  await createDocumentFromDialog(page, unique('First '), { firstForVisitor: true });
  const usage = page.getByTestId('usage-line');
  await expect(usage).toHaveText('Docs: 1/3 | Msgs: 0/20');
  await page.getByRole('link', { name: 'Home' }).click();

  const otherTab = await context.newPage();
  await createDocumentFromDialog(otherTab, unique('Second '));
  await expect(otherTab.getByTestId('usage-line')).toHaveText('Docs: 2/3 | Msgs: 0/20');

  // The first tab hears of it on /ws-general; no reload, no navigation.
  await expect(usage).toHaveText('Docs: 2/3 | Msgs: 0/20');
  await expect(page.getByRole('progressbar', { name: 'Messages used this month' })).toHaveAttribute('aria-valuenow', '0');
});
