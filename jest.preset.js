import path from 'node:path';

const root = import.meta.dirname;
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2023',
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

/** One jest project: TypeScript through SWC as ES modules, workspace packages mapped to their sources. */
export function jestProject(displayName, dir) {
  return {
    displayName,
    rootDir: path.join(root, dir),
    testEnvironment: 'node',
    testMatch: ['<rootDir>/**/*.spec.ts', '<rootDir>/**/*.spec.tsx', '<rootDir>/**/*.int-spec.ts'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    transform: { '^.+\\.tsx?$': swc },
    moduleNameMapper: {
      '^@prd/proto$': path.join(root, 'proto/src/index.ts'),
      // The client imports zod-free proto modules one by one, to keep zod out of its bundle.
      '^@prd/proto/(.+)$': path.join(root, 'proto/src/$1.ts'),
      '^@prd/doc-model$': path.join(root, 'doc-model/src/index.ts'),
      // Modules the client takes one by one, without the editor's schema: `@prd/doc-model/stored-text-html`.
      '^@prd/doc-model/(.+)$': path.join(root, 'doc-model/src/$1.ts'),
      '\\.css$': path.join(root, 'web/src/test/style-stub.ts'),
      '^@prd/kit$': path.join(root, 'services/kit/src/index.ts'),
      '^@prd/kit/testing$': path.join(root, 'services/kit/src/testing/index.ts'),
      '^@prd/kit/errors$': path.join(root, 'services/kit/src/errors/app-error.ts'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
  };
}
