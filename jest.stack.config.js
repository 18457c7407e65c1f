// Suites that need the whole product running behind nginx (GATEWAY_URL and STACK_STATE set by `npm test`).
import { jestProject } from './jest.preset.js';

export default {
  maxWorkers: 1,
  testTimeout: 60_000,
  projects: [{ ...jestProject('gateway', 'gateway'), testMatch: ['<rootDir>/test/**/*.stack-spec.ts'] }],
};
