import { expect, test, type Page } from './fixtures';
import { CHAT_MODES_INFO, type ChatMode } from '../src/features/chat/chat-modes';
import { createDocumentFromDialog, openedDialog, PHONE, WIDE } from './helpers';

test.use({ viewport: WIDE });
test.describe.configure({ timeout: 240_000 });

const conversations = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });

/** Opens /chat in a mode and checks what the mode shows before anything is sent. */
async function openMode(page: Page, mode: ChatMode) {
  const info = CHAT_MODES_INFO[mode];
  await page.goto(`/chat?mode=${mode}`);
  await expect(page.getByRole('heading', { level: 1, name: info.title })).toBeVisible();
  await expect(page.getByText(info.description)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Realtime Chat (Coming Soon)' })).toBeDisabled();
  await expect(page.getByText('Press Enter to send, Shift+Enter for new line')).toBeVisible();
}

async function expectGreeting(page: Page, mode: ChatMode) {
  const info = CHAT_MODES_INFO[mode];
  await expect(conversation(page)).toContainText(info.greeting);
  const suggestions = page.getByRole('list', { name: 'Suggested prompts' }).getByRole('button');
  await expect(suggestions).toHaveText([...info.prompts]);
}

test('on a phone the box to write in is on the first screen, above the bottom tab bar, and a prompt sideways still sends', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/chat');
  const input = page.getByRole('textbox', { name: 'Message' });
  await expect(input).toBeVisible();
  const [box, bar] = [await input.boundingBox(), await page.getByRole('navigation', { name: 'Bottom navigation' }).boundingBox()];
  // Stacked, the four prompts pushed it under the bar: the page had to be scrolled before anything could be typed.
  expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y);
  const lastPrompt = CHAT_MODES_INFO.general.prompts.at(-1)!;
  await page.getByRole('list', { name: 'Suggested prompts' }).getByRole('button', { name: lastPrompt }).click();
  await expect(conversation(page)).toContainText(lastPrompt);
});

test('a guest chats in each of the four modes, renames and deletes a thread, and sees the auto-title', async ({ page }) => {
  // general: nothing yet, so the first message creates the thread; it is then titled from that message.
  await openMode(page, 'general');
  await expectGreeting(page, 'general');
  await expect(conversations(page)).toContainText('No conversations yet');
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('How should I prioritise a backlog for a new product?');
  await input.press('Enter');
  await expect(conversation(page)).toContainText('How should I prioritise a backlog for a new product?');
  await expect(conversation(page)).toContainText('Offline assistant');
  await expect(input).toHaveValue('');
  const threads = conversations(page).getByRole('listitem');
  await expect(threads).toHaveCount(1);
  await expect(threads.first()).toContainText('How should I prioritise a backlog');
  await expect(threads.first()).not.toContainText('New Conversation');

  // brainstorm: the most recent thread opens on load; a new chat starts from this mode's greeting.
  await openMode(page, 'brainstorm');
  await expect(conversation(page)).toContainText('How should I prioritise a backlog for a new product?');
  await conversations(page).getByRole('button', { name: 'New chat' }).click();
  await expect(threads).toHaveCount(2);
  await expect(threads.first()).toContainText('New Conversation');
  await expectGreeting(page, 'brainstorm');
  await page.getByRole('button', { name: CHAT_MODES_INFO.brainstorm.prompts[0] }).click();
  await expect(conversation(page)).toContainText('Offline assistant');
  await expect(threads.first()).toContainText('Ideas to improve retention in a');

  // persona: Shift+Enter breaks the line, Enter sends.
  await openMode(page, 'persona');
  await conversations(page).getByRole('button', { name: 'New chat' }).click();
  await expectGreeting(page, 'persona');
  await input.fill('A nurse working night shifts');
  await input.press('Shift+Enter');
  await input.pressSequentially('who plans her week on a phone');
  await expect(input).toHaveValue('A nurse working night shifts\nwho plans her week on a phone');
  await input.press('Enter');
  await expect(conversation(page)).toContainText('Offline assistant');
  await expect(threads).toHaveCount(3);
  await expect(threads.first()).toContainText('A nurse working night shifts');

  // feedback
  await openMode(page, 'feedback');
  await conversations(page).getByRole('button', { name: 'New chat' }).click();
  await expectGreeting(page, 'feedback');
  await input.fill('A marketplace where students rent textbooks from each other');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(conversation(page)).toContainText('Offline assistant');
  await expect(threads).toHaveCount(4);
  await expect(threads.first()).toContainText('A marketplace where students rent textbooks');

  // Rename the feedback thread.
  await threads
    .first()
    .getByRole('button', { name: /^Rename / })
    .click();
  const rename = await openedDialog(page, 'Rename conversation');
  await rename.getByLabel('Title').fill('Textbook marketplace review');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await expect(threads.first()).toContainText('Textbook marketplace review');

  // Delete it (the open one): the newest other thread opens.
  await conversations(page).getByRole('button', { name: 'Delete Textbook marketplace review' }).click();
  const confirm = await openedDialog(page);
  await expect(confirm).toContainText('Are you sure you want to delete this chat thread? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(threads).toHaveCount(3);
  await expect(conversations(page)).not.toContainText('Textbook marketplace review');
  await expect(conversation(page)).toContainText('A nurse working night shifts');
  await expect(threads.first().getByRole('button', { name: /^A nurse working night shifts/ })).toHaveAttribute('aria-current', 'true');
});

test('the home prompt is sent by itself on /chat, into a new conversation, once the page can send it', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('What do you want to work on?').fill('Draft a launch checklist');
  await page.getByRole('button', { name: 'Start chat' }).click();
  await expect(conversation(page)).toContainText('Draft a launch checklist');
  await expect(conversation(page)).toContainText('Offline assistant');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(conversations(page).getByRole('listitem')).toHaveCount(1);
  // Sent once: the text leaves the address, so a reload does not send it again.
  await expect(page).toHaveURL(/\/chat$/);
  await page.reload();
  await expect(conversation(page)).toContainText('Offline assistant');
  await expect(conversations(page).getByRole('listitem')).toHaveCount(1);

  // Back home with another prompt: a second conversation, the first one left as it was.
  await page.goto('/chat?prefill=Compare%20two%20pricing%20plans');
  await expect(conversation(page)).toContainText('Compare two pricing plans');
  await expect(conversation(page)).not.toContainText('Draft a launch checklist');
  await expect(conversations(page).getByRole('listitem')).toHaveCount(2);
});

test("the shell's AI Assistant greets, answers, keeps its view while closed and clears it locally", async ({ page }) => {
  await page.goto('/templates');
  await page.getByRole('button', { name: 'AI Assistant' }).click();
  const panel = page.getByRole('complementary', { name: 'AI Assistant' });
  const log = panel.getByRole('log', { name: 'AI Assistant conversation' });
  await expect(log).toContainText("Hi! I'm your AI assistant.");
  await expect(panel.getByRole('button', { name: 'Start Realtime Chat (Coming Soon)' })).toBeDisabled();
  await expect(panel.getByText('Press Enter to send, Shift+Enter for new line')).toBeVisible();

  const input = panel.getByRole('textbox', { name: 'Message the AI Assistant' });
  await input.fill('What makes a goal measurable?');
  await input.press('Enter');
  await expect(log).toContainText('What makes a goal measurable?');
  await expect(log).toContainText('Offline assistant');

  // Closing and reopening keeps the conversation; the history is not fetched again.
  let historyCalls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/chat' && request.method() === 'GET') historyCalls += 1;
  });
  await panel.getByRole('button', { name: 'Close AI Assistant' }).click();
  await expect(panel).toBeHidden();
  await page.getByRole('button', { name: 'AI Assistant' }).click();
  await expect(log).toContainText('What makes a goal measurable?');
  expect(historyCalls).toBe(0);

  // Clear resets the local view only: the stored messages come back on the next load.
  await panel.getByRole('button', { name: 'Clear conversation' }).click();
  await expect(log).not.toContainText('What makes a goal measurable?');
  await expect(log).toContainText("Hi! I'm your AI assistant.");
  await page.reload();
  await page.getByRole('button', { name: 'AI Assistant' }).click();
  await expect(page.getByRole('log', { name: 'AI Assistant conversation' })).toContainText('What makes a goal measurable?');
});

test("on a document's page the AI Assistant shows and continues that document's chat, and elsewhere the general one", async ({ page }) => {
  await createDocumentFromDialog(page, 'Panel history plan', { firstForVisitor: true });
  await page.getByRole('link', { name: 'Panel history plan' }).click();
  await expect(page.getByRole('heading', { name: 'Panel history plan' }).first()).toBeVisible();

  // With the document's own AI chat hidden (remembered), the shell's launcher is there.
  await page.getByRole('button', { name: 'Hide AI chat' }).click();
  await page.getByRole('button', { name: 'AI Assistant' }).click();
  const panel = page.getByRole('complementary', { name: 'AI Assistant' });
  const input = panel.getByRole('textbox', { name: 'Message the AI Assistant' });
  await input.fill('Which risks does this plan miss?');
  await input.press('Enter');
  await expect(panel.getByRole('log', { name: 'AI Assistant conversation' })).toContainText('Offline assistant');

  // After a reload the panel loads the document's chat, where the message went: it is still there.
  await page.reload();
  await page.getByRole('button', { name: 'AI Assistant' }).click();
  await expect(page.getByRole('log', { name: 'AI Assistant conversation' })).toContainText('Which risks does this plan miss?');

  // Away from the document the panel is the general chat again, which never held that message.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  const general = page.getByRole('log', { name: 'AI Assistant conversation' });
  await expect(general).toContainText("Hi! I'm your AI assistant.");
  await expect(general).not.toContainText('Which risks does this plan miss?');
});
