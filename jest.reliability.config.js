// Reliability and security suites (infra/reliability/*.rel-spec.ts). Each suite starts its own stack of real
// processes (PostgreSQL, Redis, services, nginx) because it kills, freezes or floods them; one at a time.
import { jestProject } from './jest.preset.js';

export default {
  maxWorkers: 1,
  // A suite's beforeAll starts a whole stack on a loaded 2-core machine.
  testTimeout: 180_000,
  projects: [{ ...jestProject('reliability', 'infra/reliability'), testMatch: ['<rootDir>/**/*.rel-spec.ts'] }],
};
