import { expect, test } from './fixtures';
import { chooseOption, createDocumentFromDialog, openedDialog, signUp, unique, WIDE } from './helpers';

test.use({ viewport: WIDE });
// Whole user journeys through several pages: more than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

test('a guest opening /projects gets the blocking sign-up dialog', async ({ page }) => {
  await createDocumentFromDialog(page, unique('Guest doc '), { firstForVisitor: true });
  await page.goto('/projects');
  const dialog = await openedDialog(page, 'Sign up to Access Projects');
  await expect(dialog.getByRole('link', { name: 'View Documents Instead' })).toHaveAttribute('href', '/documents');
  await expect(dialog.getByText('By signing up, you agree to our Terms of Service and Privacy Policy.')).toBeVisible();
  await dialog.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(dialog).toBeHidden();
});

test('a registered user creates a project, adds an existing document, creates one with pasted content and sees both cards', async ({ page }) => {
  await signUp(page);
  const existing = unique('Existing spec ');
  await createDocumentFromDialog(page, existing);

  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  await page.getByRole('button', { name: 'New Project' }).click();
  const newProject = await openedDialog(page, 'New Project');
  const projectName = unique('Atlas ');
  await newProject.getByLabel('Project Name').fill(projectName);
  await newProject.getByLabel('Description').fill('Checkout for the new store');
  await chooseOption(newProject.getByRole('combobox', { name: 'Status' }), 'Completed');
  await expect(newProject.getByTitle('Completed')).toBeVisible();
  await newProject.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('Your project has been created successfully')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(projectName) });
  await expect(row.getByText('Completed')).toBeVisible();

  await row.getByRole('link', { name: projectName }).click();
  await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
  await expect(page.getByText('Checkout for the new store')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No documents yet' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Existing Document' }).first().click();
  const add = await openedDialog(page, 'Add Existing Document');
  await add.getByRole('textbox', { name: 'Search documents' }).fill(existing.toUpperCase());
  // Nothing chosen yet: the docs/product.md §8 toast, and the dialog stays open.
  await add.getByRole('button', { name: 'Add to Project' }).click();
  await expect(page.getByText('No document selected', { exact: true })).toBeVisible();
  await expect(add).toBeVisible();
  await add.getByRole('radio', { name: new RegExp(existing) }).check();
  await add.getByRole('button', { name: 'Add to Project' }).click();
  await expect(page.getByText('Document has been added to the project successfully')).toBeVisible();
  await expect(page.getByRole('article', { name: existing })).toBeVisible();

  await page.getByRole('button', { name: 'Create Document' }).click();
  const create = await openedDialog(page, 'Create Document');
  const pasted = unique('Pasted notes ');
  await create.getByLabel('Document Title').fill(pasted);
  await expect(create.getByRole('button', { name: 'Create Document' })).toBeDisabled();
  await create.getByRole('textbox', { name: 'Content' }).fill('## Goals\nShip the new checkout.');
  await create.getByRole('button', { name: 'Create Document' }).click();
  await expect(page.getByText('Document has been created and added to the project successfully')).toBeVisible();

  await expect(page.getByRole('article', { name: existing })).toBeVisible();
  const card = page.getByRole('article', { name: pasted });
  await expect(card).toBeVisible();
  await expect(card.getByText('## Goals Ship the new checkout.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Document' })).toBeVisible();
});
