import { expect, test, type Page } from './fixtures';
import { PHONE, watchProblems, WIDE } from './helpers';

/** docs/product.md §2: the five destinations, in this order, in every navigation. */
const NAVIGATION = [
  { label: 'Home', path: '/' },
  { label: 'Projects', path: '/projects' },
  { label: 'Documents', path: '/documents' },
  { label: 'Templates', path: '/templates' },
  { label: 'AI Chat', path: '/chat' },
];

async function expectNavigationLinks(page: Page, navigationName: string): Promise<void> {
  const links = page.getByRole('navigation', { name: navigationName }).getByRole('link');
  await expect(links).toHaveText(NAVIGATION.map((item) => item.label));
  for (const [index, item] of NAVIGATION.entries()) await expect(links.nth(index)).toHaveAttribute('href', item.path);
}

test.describe('on a wide screen', () => {
  test.use({ viewport: WIDE });

  test('the home page shows the sidebar with the product name and exactly the five navigation items in order', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'PRD Studio' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByText('PRD Studio')).toBeVisible();
    await expectNavigationLinks(page, 'Main navigation');
    // A visitor without a user is invited to sign up and has nothing to log out of (docs/product.md §1).
    await expect(page.getByText('Ready to unlock more features?')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log out' })).toHaveCount(0);
    await expect(page.locator('nav[aria-label="Bottom navigation"]')).toHaveCount(0);
  });

  test('the sidebar highlights the page being shown', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Documents' }).click();
    await expect(page).toHaveURL(/\/documents$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Documents' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the bottom tab bar shows the five navigation items and the sidebar is not rendered', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'PRD Studio' })).toBeVisible();
    await expectNavigationLinks(page, 'Bottom navigation');
    await expect(page.locator('nav[aria-label="Main navigation"]')).toHaveCount(0);
    await expect(page.locator('aside')).toHaveCount(0);
  });

  test('the drawer opens from the top bar and navigates to the templates page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open navigation menu' }).click();

    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expectNavigationLinks(page, 'Main navigation');
    await drawer.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Templates' }).click();

    await expect(page).toHaveURL(/\/templates$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
    await expect(page.getByText('Choose from our collection of professionally designed PRD templates')).toBeVisible();
    await expect(drawer).toBeHidden();
  });
});

/**
 * Collects the motion steps rc-motion gives antd's elements (`…-appear`, `…-enter`, `…-leave` classes) from now on, on the
 * elements added to the page and on class changes; the returned function reads what was seen.
 */
async function watchMotionClasses(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const note = (element: Element) => seen.push(...Array.from(element.classList).filter((name) => /-(appear|enter|leave)(-|$)/.test(name)));
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes' && record.target instanceof Element) note(record.target);
        for (const node of Array.from(record.addedNodes)) if (node instanceof Element) [node, ...Array.from(node.querySelectorAll('*'))].forEach(note);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    Object.assign(window, { motionClassesSeen: seen });
  });
  return () => page.evaluate(() => (window as unknown as { motionClassesSeen: string[] }).motionClassesSeen);
}

test.describe('motion on a phone', () => {
  test.use({ viewport: PHONE });

  for (const reducedMotion of ['reduce', 'no-preference'] as const) {
    test(`the navigation drawer ${reducedMotion === 'reduce' ? 'opens without antd’s motion when the system asks for less' : 'slides in when the system does not ask for less motion'}`, async ({
      page,
    }) => {
      const problems = await watchProblems(page);
      await page.emulateMedia({ reducedMotion });
      await page.goto('/');
      await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
      const motionClasses = await watchMotionClasses(page);

      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      await expect(page.getByRole('dialog').getByRole('link', { name: 'Templates' })).toBeVisible();
      if (reducedMotion === 'reduce') expect(await motionClasses()).toEqual([]);
      else expect(await motionClasses()).toContainEqual(expect.stringMatching(/-(appear|enter)$/));
      // The theme changes right after hydration for people who ask for less motion: no error or policy violation from it.
      expect(problems).toEqual([]);
    });
  }
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/some/unknown/page');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('the home page loads under the content security policy without console errors or violations', async ({ page }) => {
  const problems = await watchProblems(page);
  const response = await page.goto('/');
  // Without the policy this test would prove nothing: the server must send it.
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1, name: 'PRD Studio' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

// zod's probe for `new Function` is refused by the policy (script-src without 'unsafe-eval') and logged as
// a violation even though zod catches it; the client runs zod jitless, so validating a form logs nothing.
test('validating the log-in form with the shared schemas raises no CSP violation', async ({ page }) => {
  const problems = await watchProblems(page);
  await page.goto('/auth');
  const form = page.getByRole('tabpanel', { name: 'Log In' });
  await form.getByLabel('Username or email').fill('someone');
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(form.getByText('Password is required')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test.describe('the password field on a phone', () => {
  test.use({ viewport: PHONE });

  test('its show/hide toggle is a target of at least 24 by 24 px beside the input, leaves the field as tall as the others, and toggles', async ({ page }) => {
    await page.goto('/auth');
    const form = page.getByRole('tabpanel', { name: 'Log In' });
    const password = form.getByLabel('Password');
    const toggle = form.getByRole('button', { name: 'Show' });
    const box = await toggle.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);
    // A target partly covered by the input beside it counts only its uncovered part.
    const input = await password.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual((input?.x ?? Infinity) + (input?.width ?? 0));
    // The grown hit area must not grow the field: both fields' frames keep one height.
    const usernameFrame = await form.getByLabel('Username or email').boundingBox();
    const passwordFrame = await form.locator('.ant-input-password').boundingBox();
    expect(passwordFrame?.height).toBe(usernameFrame?.height);

    await expect(password).toHaveAttribute('type', 'password');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
  });
});
