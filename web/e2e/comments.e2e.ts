import { expect, test, type Browser, type Page } from './fixtures';
import { createDocumentByApi, pageOrigin } from './chat-helpers';
import { openLiveEditor } from './co-editing-helpers';
import { signUp, unique, WIDE } from './helpers';

// Two browser contexts and several round trips: more than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 240_000 });

async function newUser(browser: Browser): Promise<{ page: Page; username: string }> {
  const context = await browser.newContext({ viewport: WIDE });
  const page = await context.newPage();
  const { username } = await signUp(page);
  return { page, username };
}

const PASSAGE = 'Shoppers abandon carts at the payment step.';

test('B comments on a passage mentioning A; A sees the notification arrive live, opens it on the anchored comment; an edit that removes the passage orphans it', async ({
  browser,
}) => {
  const a = await newUser(browser);
  const b = await newUser(browser);
  const title = unique('Commented checkout ');
  const doc = await createDocumentByApi(a.page, title, `# Checkout\n\n${PASSAGE}\n\nWe measure conversion weekly.\n`);
  const shared = await a.page.request.post(`/api/documents/${doc.id}/shares`, { data: { login: b.username, role: 'commenter' }, headers: pageOrigin });
  expect(shared.status()).toBe(201);
  // A has the app open elsewhere (the bell listens on /ws-general).
  await a.page.goto('/documents');
  await expect(a.page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // B selects the sentence in the editor and comments on it, picking A from the @ completion.
  const { editor: text } = await openLiveEditor(b.page, doc.id);
  await text.getByText(PASSAGE).click({ clickCount: 3 });
  await b.page.getByRole('button', { name: 'Comment', exact: true }).click();
  const panel = b.page.getByRole('complementary', { name: 'Comments' });
  const box = panel.getByRole('textbox', { name: 'New comment' });
  await expect(box).toBeFocused();
  await box.pressSequentially(`Can we measure this? @${a.username.slice(0, 5)}`);
  await b.page.locator('.ant-mentions-dropdown').getByText(`@${a.username}`).click();
  await expect(box).toHaveValue(`Can we measure this? @${a.username} `);
  await panel.getByRole('button', { name: 'Comment', exact: true }).click();
  const open = panel.getByRole('list', { name: 'Open comments' });
  await expect(open.getByRole('article', { name: `Comment by ${b.username}` })).toContainText('Can we measure this?');
  // The quote is the passage, found in the stored markdown (not orphaned).
  await expect(open.getByRole('article', { name: `Comment by ${b.username}` })).toContainText(PASSAGE);
  // The passage is highlighted in the editor; a click on it focuses its thread. Beside the chat the threads are below the
  // text: the thread shows over the text right under its passage, rather than the page scrolling to the end of the document.
  const highlight = text.locator('[data-comment-id]');
  await expect(highlight).toHaveText(PASSAGE);
  await highlight.click();
  const commented = open.getByRole('article', { name: `Comment by ${b.username}` });
  await expect(commented).toBeFocused();
  const [passageBox, shownBox] = [await highlight.boundingBox(), await commented.boundingBox()];
  const gap = shownBox!.y - (passageBox!.y + passageBox!.height);
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThan(20);
  // Escape puts it back in the list, below the text, and the focus back in the text.
  await commented.press('Escape');
  await expect(text).toBeFocused();
  const textBox = (await text.boundingBox())!;
  expect((await commented.boundingBox())!.y).toBeGreaterThan(textBox.y + textBox.height);

  // A's bell hears of the mention live and opens the document on that comment.
  const bell = a.page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await a.page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: `${b.username} mentioned you in “${title}”` })
    .click();
  await expect(a.page).toHaveURL(new RegExp(`/documents/${doc.id}\\?comment=\\d+$`));
  const thread = a.page
    .getByRole('complementary', { name: 'Comments' })
    .getByRole('list', { name: 'Open comments' })
    .getByRole('article', { name: `Comment by ${b.username}` });
  // The threads load with the page: seconds on the loaded shared machine.
  await expect(thread).toHaveAttribute('aria-current', 'true', { timeout: 30_000 });
  await expect(thread).toContainText(`@${a.username}`);

  // An edit (here over the API, as any client or the AI makes one) removes the passage: the comment moves to Orphaned.
  const edited = await a.page.request.patch(`/api/documents/${doc.id}`, { data: { content: '# Checkout\n\nWe measure conversion weekly.\n' }, headers: pageOrigin });
  expect(edited.ok()).toBe(true);
  await a.page.reload();
  const orphaned = a.page.getByRole('list', { name: 'Orphaned comments' });
  // The reloaded page loads its threads again: seconds on the loaded shared machine, as above (CI saw "Loading comments…" at 5 s).
  await expect(orphaned.getByRole('article', { name: `Comment by ${b.username}` })).toContainText(PASSAGE, { timeout: 30_000 });
  await expect(a.page.getByRole('list', { name: 'Open comments' }).getByRole('article')).toHaveCount(0);
});

test('a viewer reads the comments but has no Comment action, no reply and no comment box', async ({ browser }) => {
  const a = await newUser(browser);
  const v = await newUser(browser);
  const doc = await createDocumentByApi(a.page, unique('Viewed '), `# Plan\n\n${PASSAGE}\n`);
  await a.page.request.post(`/api/documents/${doc.id}/shares`, { data: { login: v.username, role: 'viewer' }, headers: pageOrigin });
  const start = doc.content.indexOf(PASSAGE);
  const posted = await a.page.request.post(`/api/documents/${doc.id}/comments`, {
    data: { content: 'Owner note', anchor: { exact: PASSAGE, prefix: doc.content.slice(start - 10, start), suffix: '' } },
    headers: pageOrigin,
  });
  expect(posted.status()).toBe(201);

  const { editor } = await openLiveEditor(v.page, doc.id);
  const panel = v.page.getByRole('complementary', { name: 'Comments' });
  await expect(panel.getByRole('article', { name: `Comment by ${a.username}` })).toContainText('Owner note');
  await expect(panel).toContainText('You can read the comments.');
  await editor.getByText(PASSAGE).click({ clickCount: 3 });
  await expect(v.page.getByRole('button', { name: 'Comment', exact: true })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Reply' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  await expect(panel.getByRole('textbox')).toHaveCount(0);
});

test('a sentence with bold text and a link is commented on after a triple click: the thread quotes its text, the editor highlights it whole, the server anchors it', async ({
  browser,
}) => {
  const a = await newUser(browser);
  const sentence = 'Shoppers abandon carts at the **payment step**, see [the funnel](https://example.com/funnel) for details.';
  const shown = 'Shoppers abandon carts at the payment step, see the funnel for details.';
  // A long document: beside the AI chat the threads are below the text, far from the passage; the box to write in comes up under it.
  const filler = Array.from({ length: 40 }, (_, i) => `Finding ${i + 1} of the checkout study.`).join('\n\n');
  const doc = await createDocumentByApi(a.page, unique('Formatted passage '), `# Checkout\n\n${sentence}\n\n${filler}\n`);
  const { editor: text } = await openLiveEditor(a.page, doc.id);
  await text.getByText('Shoppers abandon').click({ clickCount: 3 });
  await a.page.getByRole('button', { name: 'Comment', exact: true }).click();
  const panel = a.page.getByRole('complementary', { name: 'Comments' });
  const box = panel.getByRole('textbox', { name: 'New comment' });
  await box.fill('Which quarter is this from?');
  const passage = text.locator('p', { hasText: 'Shoppers abandon' });
  await expect(passage).toBeInViewport();
  const [passageBox, writtenIn] = [(await passage.boundingBox())!, (await box.boundingBox())!];
  expect(writtenIn.y).toBeGreaterThan(passageBox.y + passageBox.height);
  // Under the passage (its quote and the line the selection ends on come first), not at the end of the document.
  expect(writtenIn.y).toBeLessThan(passageBox.y + passageBox.height + 160);
  await panel.getByRole('button', { name: 'Comment', exact: true }).click();
  // Posted, the focus is back in the text, at the passage.
  await expect(text).toBeFocused();
  await expect(passage).toBeInViewport();
  const thread = panel.getByRole('list', { name: 'Open comments' }).getByRole('article', { name: `Comment by ${a.username}` });
  await expect(thread.getByRole('button', { name: `Show “${shown}” in the document` })).toBeVisible();
  // Highlighted in pieces, one per run of formatting, together the whole sentence.
  await expect.poll(async () => (await text.locator('[data-comment-id]').allTextContents()).join('')).toBe(shown);
  // Stored with the passage's markdown, so the server finds it in the document's text (it is not orphaned).
  const listed = await a.page.request.get(`/api/documents/${doc.id}/comments`);
  const threads = (await listed.json()) as Array<{ anchor: { exact: string } | null; orphaned: boolean }>;
  expect(threads.map((t) => [t.anchor?.exact, t.orphaned])).toEqual([[sentence, false]]);
});
