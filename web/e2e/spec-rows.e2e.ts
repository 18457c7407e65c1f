import { expect, test, type Page } from './fixtures';
import { createDocumentByApi, createProjectByApi, defaultTemplate, pageOrigin } from './chat-helpers';
import { openedDialog, PHONE, signUp, unique, WIDE } from './helpers';
import { documentRegion } from './co-editing-helpers';

test.use({ viewport: WIDE });
test.describe.configure({ timeout: 240_000 });

/** Ids that more than one element of the page carries (docs/product.md §2: a label must reach its own field). */
const duplicateIds = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const element of Array.from(document.querySelectorAll('[id]'))) seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
    return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
  });

test('no page of the app has an id twice, and the Sign Up tab’s labels reach its own fields', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const signUpTab = page.getByRole('tabpanel', { name: 'Sign Up' });
  await signUpTab.getByText('Username', { exact: true }).click();
  await expect(signUpTab.getByRole('textbox', { name: 'Username' })).toBeFocused();
  await page.getByRole('tab', { name: 'Log In' }).click();
  expect(await duplicateIds(page)).toEqual([]);
  await page.goto('/auth-options');
  await expect(page.getByText('Sign up to continue', { exact: true })).toBeVisible();
  expect(await duplicateIds(page)).toEqual([]);

  const account = await signUp(page);
  expect(account.username).toBeTruthy();
  const document = await createDocumentByApi(page, unique('Ids '), '# Ids\n\n## Goals\nUnique ids.\n');
  const project = await createProjectByApi(page, unique('Ids project '), 'One id each');
  const template = await defaultTemplate(page);
  const pages: Array<[string, string]> = [
    ['/', 'Popular Templates'],
    ['/documents', 'Documents'],
    [`/documents/${document.id}`, document.title],
    ['/projects', 'Projects'],
    [`/projects/${project.id}`, project.name],
    ['/templates', 'Templates'],
    [`/document-flow/${template.id}`, 'What are you working on?'],
    ['/chat', 'Product Management AI'],
    ['/nowhere', '404 Page Not Found'],
  ];
  for (const [path, text] of pages) {
    await page.goto(path);
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    expect(await duplicateIds(page), path).toEqual([]);
  }
  // With the app-wide dialogs open too.
  await page.goto('/documents');
  await page.getByRole('button', { name: 'View profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  expect(await duplicateIds(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'New Document' }).click();
  await expect(page.getByRole('dialog', { name: 'New Document' })).toBeVisible();
  expect(await duplicateIds(page)).toEqual([]);
});

test('the home page presents the product as free and open-source', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(/A free, open-source tool for product teams/)).toBeVisible();
});

test('Start New Document reads "Redirecting..." until the guided flow’s page is there', async ({ page }) => {
  // The flow page's code is held back until the dialog has been seen saying so.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/document-flow-page-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/documents');
  await page.getByRole('button', { name: 'Generate' }).click();
  await page.getByRole('button', { name: 'New Document' }).first().click();
  const dialog = await openedDialog(page, 'Start New Document');
  await expect(dialog.getByText('Default Template')).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('button', { name: 'Redirecting...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/document-flow\/\d+\?mode=ai-assisted/);
  await expect(page.getByRole('heading', { level: 1, name: 'What are you working on?' })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test.describe('toasts', () => {
  const showToast = async (page: Page) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Feedback' }).click();
    await (await openedDialog(page, 'Send feedback')).getByRole('button', { name: 'Submit feedback' }).click();
    await expect(page.getByText('Feedback cannot be empty')).toBeVisible();
  };

  test('the viewport is at most 420 px wide from medium screens up', async ({ page }) => {
    await showToast(page);
    await expect(page.locator('.ant-notification').first()).toHaveCSS('max-width', '420px');
  });

  test('the viewport spans a small screen', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await showToast(page);
    await expect(page.locator('.ant-notification').first()).not.toHaveCSS('max-width', '420px');
  });
});

test('a guest at the document limit gets the toast in the guided flow, not the limit dialog', async ({ page }) => {
  await page.goto('/');
  const usage = (await (await page.request.get('/api/usage')).json()) as { docs: number; limits: { docs: number | null } };
  const limit = usage.limits.docs ?? 0;
  expect(limit).toBeGreaterThan(0);
  for (let made = usage.docs; made < limit; made++) await createDocumentByApi(page, unique('Filler '), 'x');
  const template = await defaultTemplate(page);
  await page.goto(`/document-flow/${template.id}`);
  await page.getByRole('textbox', { name: 'What are you working on?' }).fill('One more plan');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Document limit reached', { exact: true })).toBeVisible();
  await expect(page.getByText('Sign up to create more documents and save your work.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the shell’s AI Assistant is hidden beside a document’s own chat, and opened on that page once the chat is hidden it sends the document’s id', async ({ page }) => {
  const document = await createDocumentByApi(page, unique('Panel doc '), '# Panel doc\n\n## Goals\nShip.\n');
  await page.goto(`/documents/${document.id}`);
  // A first load of the document page on the shared machine: its chunk and the document, more than the default 5 s under load.
  await expect(page.getByRole('heading', { name: document.title }).first()).toBeVisible({ timeout: 20_000 });
  // Its launcher steps aside while the document's own AI chat is beside it, and comes back once that chat is hidden.
  await expect(page.getByRole('region', { name: 'AI chat' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'AI Assistant' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Hide AI chat' }).click();
  await page.getByRole('button', { name: 'AI Assistant' }).click();
  const panel = page.getByRole('complementary', { name: 'AI Assistant' });
  const input = panel.getByRole('textbox', { name: 'Message the AI Assistant' });
  await input.fill('What does this document cover?');
  const [request] = await Promise.all([page.waitForRequest((r) => r.url().endsWith('/api/chat') && r.method() === 'POST'), input.press('Enter')]);
  expect(request.postDataJSON()).toMatchObject({ content: 'What does this document cover?', documentId: document.id });
  await expect(panel.getByRole('log', { name: 'AI Assistant conversation' })).toContainText('Offline assistant');
});

test('project chat tells the user when realtime is down, still delivers the message, and reconnects by itself', async ({ page }) => {
  await signUp(page);
  const project = await createProjectByApi(page, unique('Realtime '), 'Sockets come and go');
  let connections = 0;
  let closeFirst: () => void = () => undefined;
  await page.routeWebSocket(/\/ws$/, (ws) => {
    connections += 1;
    // The first socket opens but never starts a session; the retry reaches the real server.
    if (connections === 1) closeFirst = () => void ws.close();
    else ws.connectToServer();
  });
  await page.goto(`/projects/${project.id}`);
  const panel = page.getByRole('complementary', { name: 'Project Chat' });
  await expect(panel.getByText('Connecting...')).toBeVisible();

  const input = panel.getByRole('textbox', { name: 'Message about this project' });
  await input.fill('Is anyone there?');
  await input.press('Enter');
  await expect(page.getByText('Connection Error', { exact: true })).toBeVisible();
  await expect(page.getByText('Not connected to realtime chat')).toBeVisible();
  await expect(panel.getByRole('log', { name: 'Project chat' })).toContainText('Offline assistant');

  closeFirst();
  await expect(panel.getByText('Reconnecting…')).toBeVisible();
  await expect(page.getByText('Realtime Chat Active', { exact: true })).toBeVisible();
  await expect(panel.getByText('Realtime connected')).toBeVisible();
});

test('a document shared with someone, opened while logged out, asks them to sign in and brings them back to it', async ({ browser }) => {
  const ownerPage = await (await browser.newContext({ viewport: WIDE })).newPage();
  await signUp(ownerPage);
  const inviteePage = await (await browser.newContext({ viewport: WIDE })).newPage();
  const invitee = await signUp(inviteePage);
  const title = unique('Shared plan ');
  const doc = await createDocumentByApi(ownerPage, title, '# Plan\n\nShip it.\n');
  const shared = await ownerPage.request.post(`/api/documents/${doc.id}/shares`, { data: { login: invitee.username, role: 'viewer' }, headers: pageOrigin });
  expect(shared.status()).toBe(201);

  // The invitee follows the link on a device where they are not signed in.
  const page = await (await browser.newContext({ viewport: WIDE })).newPage();
  await page.goto(`/documents/${doc.id}`);
  const notice = page.getByRole('note', { name: 'Authentication Required' });
  await expect(notice).toContainText('You need to be logged in to access this page.');
  await notice.getByRole('link', { name: 'Sign in to continue' }).click();
  await expect(page).toHaveURL(`/auth-options?callbackUrl=${encodeURIComponent(`/documents/${doc.id}`)}`);
  await page.getByRole('link', { name: 'Sign up with Email' }).click();
  await page.getByRole('tab', { name: 'Log In' }).click();
  const login = page.getByRole('tabpanel', { name: 'Log In' });
  await login.getByLabel('Username or email').fill(invitee.username);
  await login.getByLabel('Password').fill(invitee.password);
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${doc.id}$`));
  // A viewer reads the title (only owners and editors get the field).
  await expect(documentRegion(page).getByText(title, { exact: true })).toBeVisible({ timeout: 20_000 });
});

test('project chat says it could not establish the realtime connection when the browser may not open /ws', async ({ page }) => {
  await signUp(page);
  const project = await createProjectByApi(page, unique('Refused socket '), 'A policy forbids /ws');
  const origin = new URL(page.url()).origin;
  // A Content-Security-Policy that lets the page reach its API and /ws-general but not /ws: the browser fails the socket.
  await page.route(`**/projects/${project.id}`, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers(), 'content-security-policy': `connect-src ${origin} ${origin.replace(/^http/, 'ws')}/ws-general` };
    await route.fulfill({ response, headers });
  });
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByText('Connection Error', { exact: true })).toBeVisible();
  await expect(page.getByText('Could not establish realtime chat connection')).toBeVisible();
});

test('project chat says it failed to set up realtime chat when the server refuses the session', async ({ page }) => {
  await signUp(page);
  const project = await createProjectByApi(page, unique('Refused session '), 'The server says no');
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    // init_session reaches the real server naming another user, which it refuses with an error frame.
    ws.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { type: string; userId?: number };
      server.send(JSON.stringify(frame.type === 'init_session' ? { ...frame, userId: (frame.userId ?? 0) + 1 } : frame));
    });
  });
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByText('Connection Error', { exact: true })).toBeVisible();
  await expect(page.getByText('Failed to setup realtime chat')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Project Chat' }).getByText('Reconnecting…')).toBeVisible();
});

test('the terms note on /auth links to the Terms of Service and Privacy Policy pages, which say what the operator must fill in', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Operator: who runs this instance' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('The offline assistant sends nothing anywhere.')).toBeVisible();
});
