import { expect, type Locator, type Page } from './fixtures';

export const WIDE = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Chooses the option `label` of an antd Select by keyboard, as a keyboard user does. A click on the option
 * itself could land where the option was a frame earlier (the dropdown slides in, inside a dialog that may
 * still be opening) and leave the choice unmade; keys go to the focused control wherever it is drawn.
 */
export async function chooseOption(combobox: Locator, label: string): Promise<void> {
  await combobox.focus();
  if ((await combobox.getAttribute('aria-expanded')) !== 'true') await combobox.press('ArrowDown');
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  const page = combobox.page();
  const activeLabel = async () => {
    const id = await combobox.getAttribute('aria-activedescendant');
    return id ? page.locator(`[id="${id}"]`).getAttribute('aria-label') : null;
  };
  // From the chosen option down the list, which wraps at its end: each key moves the active option once.
  for (let moves = 0; moves < 50 && (await activeLabel()) !== label; moves++) await combobox.press('ArrowDown');
  expect(await activeLabel()).toBe(label);
  await combobox.press('Enter');
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
}

/**
 * The dialog `name` once it has finished opening. antd zooms a dialog in, and a click in its first frames can miss: the
 * button looked stable in the animation's first, unscaled frame, then was drawn smaller around another point, and the
 * click landed beside it (seen once in CI: a confirmation's Delete clicked and nothing deleted).
 */
export async function openedDialog(page: Page, name?: string): Promise<Locator> {
  const dialog = name === undefined ? page.getByRole('dialog') : page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/\bant-zoom-/);
  return dialog;
}

/**
 * Clicks the menu item `name` of the open dropdown once antd's slide-in has finished. Its first frames scale the menu
 * to 80 % of its height and hold it there for two frames, which Playwright takes for stable: a click aimed then lands
 * higher up the menu than the item once the menu has grown, on the item above or beside the menu.
 */
export async function chooseMenuItem(page: Page, name: string): Promise<void> {
  const item = page.getByRole('menuitem', { name });
  const menu = page.locator('.ant-dropdown').filter({ has: item });
  await expect(menu).toBeVisible();
  await expect(menu).not.toHaveClass(/\bant-slide-/);
  await item.click();
}

/** A name no other test run uses, so tests can share one stack. */
export const unique = (prefix: string): string => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Creates a document from the documents page's New Document dialog (the default template's text).
 * A visitor's first document makes them a guest and invites them to sign up; that invitation is dismissed.
 */
export async function createDocumentFromDialog(page: Page, title: string, options: { firstForVisitor?: boolean } = {}): Promise<void> {
  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await page.getByRole('button', { name: 'New Document' }).click();
  const dialog = await openedDialog(page, 'New Document');
  await dialog.getByLabel('Document Title').fill(title);
  await dialog.getByRole('button', { name: 'Create Document' }).click();
  await expect(page.getByText('Document created', { exact: true })).toBeVisible();
  if (options.firstForVisitor) {
    const invitation = await openedDialog(page, 'Save your first document');
    await expect(invitation.getByText('Create an account to save your documents and access them anytime')).toBeVisible();
    await invitation.getByRole('button', { name: 'Cancel' }).click();
    await expect(invitation).toBeHidden();
  }
  await expect(page.getByRole('link', { name: title })).toBeVisible();
}

/** Signs up a new registered user on /auth's Sign Up tab; returns the credentials. */
export async function signUp(page: Page): Promise<{ username: string; email: string; password: string }> {
  const username = unique('user');
  const account = { username, email: `${username}@example.test`, password: 'secret-pass-1' };
  await page.goto('/auth?tab=signup');
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm Password').fill(account.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  // Hashing the password takes seconds on the shared 2-core machine while other stacks run (the 5 s default ran out).
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'View profile' })).toBeVisible();
  return account;
}

/** Console errors, uncaught errors and CSP violations (also those of a refused eval that was caught) the page reports. */
export async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(`CSP violation: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`);
    });
  });
  return problems;
}
