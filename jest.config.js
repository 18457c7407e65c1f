// Unit (*.spec.ts) and integration (*.int-spec.ts) suites of every project, in one jest run.
// Run with NODE_OPTIONS=--experimental-vm-modules (NestJS 12 ships ES modules); `npm test` does.
import { jestProject } from './jest.preset.js';

export default {
  globalSetup: '<rootDir>/infra/test/jest-global-setup.ts',
  globalTeardown: '<rootDir>/infra/test/jest-global-teardown.ts',
  maxWorkers: 2,
  // Integration suites start real services; under a loaded 2-core machine their hooks need time.
  testTimeout: 60_000,
  projects: [
    jestProject('proto', 'proto'),
    jestProject('doc-model', 'doc-model'),
    jestProject('kit', 'services/kit'),
    jestProject('identity', 'services/identity'),
    jestProject('content', 'services/content'),
    jestProject('chat', 'services/chat'),
    jestProject('export', 'services/export'),
    jestProject('infra', 'infra'),
    jestProject('web', 'web'),
  ],
};
