// Container suites (infra/containers/*.ctr-spec.ts): run by the container phase of `npm test` after it has
// built every image (and, for the smoke suite, brought docker-compose.yml up; COMPOSE_PROJECT names it).
import { jestProject } from './jest.preset.js';

export default {
  maxWorkers: 1,
  testTimeout: 180_000,
  projects: [{ ...jestProject('containers', 'infra/containers'), testMatch: ['<rootDir>/**/*.ctr-spec.ts'] }],
};
