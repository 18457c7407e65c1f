import { expect, test } from './fixtures';
import { pageOrigin } from './chat-helpers';
import { caretAfter, editorText, newUser, openLiveEditor } from './co-editing-helpers';
import { chooseOption, openedDialog, unique } from './helpers';

// Two browser contexts, an invite, live editing and a removal: more than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 240_000 });

test('A creates a workspace and invites B by link; B joins, opens A’s new workspace document and edits it live; A saves it as a team template, B starts a guided flow from it; A removes B and B’s editor closes', async ({
  browser,
}) => {
  const a = await newUser(browser);
  const b = await newUser(browser);
  const team = unique('Team ');
  const title = unique('Team PRD ');

  // A makes a workspace from the switcher at the top of the sidebar.
  await a.page.goto('/documents');
  const sidebar = a.page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('button', { name: 'New workspace' }).click();
  await (await openedDialog(a.page, 'New workspace')).getByLabel('Workspace name').fill(team);
  await a.page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(a.page.getByRole('heading', { level: 1, name: team })).toBeVisible();

  // A's invite link, shown once; B opens it, sees whose workspace it is and joins.
  await a.page.getByRole('button', { name: 'Create invite link' }).click();
  const url = (await a.page.getByLabel('Invite link').textContent()) ?? '';
  expect(url).toMatch(/\/invite\/[A-Za-z0-9_-]{32}$/);
  await b.page.goto(url);
  await expect(b.page.getByRole('heading', { level: 1, name: `Join ${team}` })).toBeVisible();
  await expect(b.page.getByText(`${a.username} invited you to this workspace.`)).toBeVisible();
  await b.page.getByRole('button', { name: 'Join workspace' }).click();
  await expect(b.page.getByRole('heading', { level: 1, name: team })).toBeVisible();

  // A makes a document in the workspace; B finds it there, with A as its owner and the editor role.
  await a.page.reload();
  await expect(a.page.getByRole('table', { name: 'Workspace members' })).toContainText(b.username);
  // The page's New Document is the documents page's dialog with this workspace already chosen as the space.
  await a.page.getByRole('button', { name: 'New Document' }).click();
  const create = await openedDialog(a.page, 'New Document');
  await expect(create.locator('.ant-select').filter({ hasText: team })).toBeVisible();
  await create.getByLabel('Document Title').fill(title);
  await create.getByRole('button', { name: 'Create Document' }).click();
  await expect(a.page.getByText('Your document has been created from the template.')).toBeVisible();
  const listed = a.page.getByRole('table', { name: 'Workspace documents' }).getByRole('link', { name: title });
  const documentId = Number((await listed.getAttribute('href'))!.split('/').pop());
  // Two sections for what follows (the team template made from it asks one question per heading).
  const written = await a.page.request.patch(`/api/documents/${documentId}`, {
    data: { content: '## Audience\n\nFifty teams.\n\n## Rollout\n\nIn waves.\n' },
    headers: pageOrigin,
  });
  expect(written.status(), await written.text()).toBe(200);
  await listed.click();
  await expect(a.page).toHaveURL(/\/documents\/\d+$/);
  const workspaceId = ((await (await a.page.request.get(`/api/documents/${documentId}`)).json()) as { workspaceId: number }).workspaceId;
  await expect(a.page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: team })).toBeVisible();

  await b.page.reload();
  const row = b.page.getByRole('table', { name: 'Workspace documents' }).getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText(a.username);
  await expect(row).toContainText('Editor');

  // Both edit it live: B's typing reaches A's open editor.
  const onA = await openLiveEditor(a.page, documentId);
  const onB = await openLiveEditor(b.page, documentId);
  await caretAfter(onB.editor, 'Fifty teams.');
  await b.page.keyboard.type(' Then a hundred.');
  await expect.poll(() => editorText(onA.editor)).toContain('Fifty teams. Then a hundred.');

  // A saves the document as a team template; B finds it under Team templates and starts a guided flow from it, in the workspace.
  await a.page.getByRole('button', { name: 'Save as template' }).click();
  const save = await openedDialog(a.page, 'Save as template');
  await save.getByLabel('Template name').fill(`${title} template`);
  await save.getByRole('button', { name: 'Save template' }).click();
  await expect(a.page.getByText('Your team finds it under Team templates')).toBeVisible();
  const flow = await b.page.context().newPage();
  await flow.goto('/templates');
  const teamTemplates = flow.getByRole('region', { name: 'Team templates' });
  await teamTemplates.getByRole('link', { name: `AI-assisted: ${title} template` }).click();
  const flowTitle = unique('From the team template ');
  await flow.getByRole('textbox', { name: 'What are you working on?' }).fill(flowTitle);
  await flow.getByRole('button', { name: 'Continue' }).click();
  // The interview asks one question per heading of the template: Audience, then Rollout.
  await expect(flow.getByRole('log', { name: 'Document assistant conversation' })).toContainText('Step 1 of 2');
  await expect
    .poll(async () => ((await (await flow.request.get(`/api/documents?workspace=${workspaceId}`)).json()) as Array<{ title: string }>).map((d) => d.title))
    .toContain(flowTitle);

  // A removes B from the workspace: B's open editor closes at once and says so.
  const admin = await a.page.context().newPage();
  await admin.goto('/documents');
  await chooseOption(admin.getByRole('complementary', { name: 'Sidebar' }).getByRole('combobox', { name: 'Workspace' }), team);
  await admin.getByRole('button', { name: `Remove ${b.username}` }).click();
  await expect(b.page.getByText('This document is no longer shared with you')).toBeVisible();
  expect((await b.page.request.get(`/api/documents/${documentId}`)).status()).toBe(404);
});

test('the New Document dialog offers the user’s workspaces under Space and creates the document in the one chosen', async ({ browser }) => {
  const a = await newUser(browser);
  const team = unique('Space ');
  const title = unique('Space PRD ');
  await a.page.goto('/documents');
  // No workspace yet: the dialog asks nothing about where the document goes.
  await a.page.getByRole('button', { name: 'New Document' }).first().click();
  await expect(a.page.getByRole('dialog', { name: 'New Document' }).getByLabel('Template')).toBeVisible();
  await expect(a.page.getByRole('dialog', { name: 'New Document' }).getByLabel('Space')).toHaveCount(0);
  await a.page.getByRole('button', { name: 'Cancel' }).click();

  await a.page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'New workspace' }).click();
  await (await openedDialog(a.page, 'New workspace')).getByLabel('Workspace name').fill(team);
  await a.page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(a.page.getByRole('heading', { level: 1, name: team })).toBeVisible();

  await a.page.goto('/documents');
  await a.page.getByRole('button', { name: 'New Document' }).first().click();
  const dialog = await openedDialog(a.page, 'New Document');
  await dialog.getByLabel('Document Title').fill(title);
  await chooseOption(dialog.getByLabel('Space'), team);
  await dialog.getByRole('button', { name: 'Create Document' }).click();
  await expect(a.page.getByText('Your document has been created from the template.')).toBeVisible();

  const listed = (await (await a.page.request.get('/api/workspaces')).json()) as Array<{ id: number; name: string }>;
  const workspace = listed.find((w) => w.name === team)!;
  const inWorkspace = (await (await a.page.request.get(`/api/documents?workspace=${workspace.id}`)).json()) as Array<{ title: string }>;
  expect(inWorkspace.map((d) => d.title)).toEqual([title]);
});
