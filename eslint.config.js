// The house rules, enforced by `npm run lint` and first thing in `npm test`.
// Type-aware typescript-eslint rules (each file is checked with its project's tsconfig), React hooks and
// accessibility rules for the web client, module boundaries between the Nx projects, and the rule that
// every controller route states its access policy.
import { createProjectGraphAsync } from '@nx/devkit';
import nx from '@nx/eslint-plugin';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prd from './infra/eslint/route-policy.ts';

// The boundary rule reads Nx's cached project graph and silently skips itself when there is none:
// compute it first, so a fresh clone (or a changed package.json) is checked like any other.
await createProjectGraphAsync({ exitOnError: true });

/** Who may import whom (the tags are in each project's package.json, under "nx"). */
const SOURCE_BOUNDARIES = [
  { sourceTag: 'scope:proto', onlyDependOnLibsWithTags: [] },
  // The document model (schema and markdown) that the browser's editor and the content service share.
  { sourceTag: 'scope:doc-model', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'scope:kit', onlyDependOnLibsWithTags: ['scope:proto'] },
  { sourceTag: 'scope:service', onlyDependOnLibsWithTags: ['scope:kit', 'scope:proto', 'scope:doc-model'] },
  { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:proto', 'scope:doc-model'] },
  // Shared test helpers start real identity and content services for the other services' suites.
  { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: ['scope:service', 'scope:kit', 'scope:proto'] },
  // The local stack, test orchestration and deployment checks read the services' configuration schemas.
  { sourceTag: 'scope:infra', onlyDependOnLibsWithTags: ['scope:service', 'scope:kit', 'scope:proto', 'scope:doc-model'] },
  // Its stack tests edit the live document as the browser's editor does.
  { sourceTag: 'scope:gateway', onlyDependOnLibsWithTags: ['scope:infra', 'scope:kit', 'scope:proto', 'scope:doc-model'] },
];
/**
 * Tests may also use the shared test helpers and the stack tooling — never another service's sources
 * or test files (a test of chat that needs identity starts it through `@prd/testing`). The test run's own
 * files (infra/test) may start a shared helper too (the end-to-end stack's OpenID provider).
 */
const TEST_BOUNDARIES = SOURCE_BOUNDARIES.map((c) => {
  if (['scope:kit', 'scope:service', 'scope:infra'].includes(c.sourceTag))
    return { ...c, onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'scope:testing', 'scope:infra'] };
  // The model's corpus test reads the catalogue templates.
  if (c.sourceTag === 'scope:doc-model') return { ...c, onlyDependOnLibsWithTags: ['scope:proto'] };
  return c;
});
const TEST_FILES = ['services/testing/**', '**/*.spec.ts', '**/*.spec.tsx', '**/*.int-spec.ts', '**/*.stack-spec.ts', '**/*.rel-spec.ts', '**/test/**', 'web/e2e/**'];
/**
 * A project's tests may use the shared test helpers, which start that very project: a cycle between
 * projects, though not between files (the boundaries keep the helpers out of every source file).
 */
const ignoredCircularDependencies = [
  ['@prd/testing', '@prd/identity'],
  ['@prd/testing', '@prd/content'],
  ['@prd/kit', '@prd/infra'],
];
const boundaries = (depConstraints) => ['error', { depConstraints, allow: [], enforceBuildableLibDependency: false, ignoredCircularDependencies }];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.nx/**', '.data/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'infra/k6/**'] },
  js.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@nx': nx, prd },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-duplicate-imports': ['error', { includeExports: false }],
      // Async methods that implement a Promise-returning contract read better as async without awaiting.
      '@typescript-eslint/require-await': 'off',
      // Flags every WebSocket message and every value read from YAML; the suites check what is actually sent.
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': boundaries(SOURCE_BOUNDARIES),
      'prd/route-policy': 'error',
    },
  },
  {
    files: TEST_FILES,
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': boundaries(TEST_BOUNDARIES),
      // Response bodies (supertest, fetch) are untyped by nature; the assertions are what checks them.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The web client's tests, end-to-end suites and tool configs run on Node, with their own tsconfig.
    files: ['web/e2e/**/*.ts', 'web/scripts/**/*.ts', 'web/src/**/*.spec.ts', 'web/src/**/*.spec.tsx', 'web/src/test/**', 'web/vite.config.ts', 'web/playwright.config.ts'],
    languageOptions: { parserOptions: { projectService: false, project: './web/tsconfig.node.json' } },
  },
  {
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: globals.browser },
    // A label wrapping an input and its text in nested spans (title and meta lines) is still a label.
    rules: { ...jsxA11y.flatConfigs.recommended.rules, 'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }] },
  },
  {
    // web/src/app is the composition root (store, router, providers, shell): it may use everything, but a
    // feature or a shared module never imports it, and shared modules import no feature. A test may mount
    // its subject in the app's real store.
    files: ['web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: String.raw`^\.{1,2}/(.*/)?app(/|$)`, message: 'web/src/app is the composition root: import what features share from web/src/shared.' }] },
      ],
    },
  },
  {
    files: ['web/src/shared/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: String.raw`^\.{1,2}/(.*/)?app(/|$)`, message: 'web/src/app is the composition root: import what features share from web/src/shared.' },
            { regex: String.raw`^\.{1,2}/(.*/)?features(/|$)`, message: 'web/src/shared serves every feature and imports none: move what it needs into shared.' },
          ],
        },
      ],
    },
  },
  {
    // The two classic hooks rules; the React Compiler's rules would only pay off with the compiler.
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: globals.node } },
  // The API reference page's start-up script runs in the browser.
  { files: ['web/api-docs/**/*.js'], languageOptions: { globals: globals.browser } },
  prettier,
);
