import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DATA } from '../lib/paths.ts';
import { freePort, isPortOpen } from '../lib/ports.ts';
import { startProcess, stopProcess, waitFor } from '../lib/process.ts';
import { bin, build, run } from '../lib/run.ts';
import { startStack, stateFile, stopStack } from '../lib/stack.ts';
import { runContainerPhase } from '../containers/phase.ts';
import { oidcTestEnv } from '@prd/testing/oidc-provider';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

function jestTally(file: string): Tally {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numRuntimeErrorTestSuites: number };
  return { passed: r.numPassedTests, failed: r.numFailedTests + r.numRuntimeErrorTestSuites, skipped: r.numPendingTests };
}

function playwrightTally(file: string): Tally {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
}

const JEST_ENV = { NODE_OPTIONS: '--experimental-vm-modules --disable-warning=ExperimentalWarning' };

/** The enforced conventions come first: a violation fails `npm test` before anything is built. */
async function checkConventions(): Promise<void> {
  // Through npm, so the scripts run exactly as a developer runs them, on the project's Node.
  if ((await run('npm', ['run', '--silent', 'lint'])) !== 0) {
    throw new Error('lint failed: fix the errors listed above (see `npm run lint`; `npx eslint --fix <file>` fixes some), then run `npm test` again');
  }
  if ((await run('npm', ['run', '--silent', 'format:check'])) !== 0) {
    throw new Error('format check failed: the files listed above are not formatted; run `npm run format` and commit the result');
  }
}

/**
 * `npm test`: lint and format check, then build and type-check, then the jest suites against their own PostgreSQL and Redis,
 * then the gateway suites and the Playwright end-to-end tests against a full stack on free ports, then the
 * reliability and security suites (jest.reliability.config.js), which start stacks of their own.
 * Arguments after `--` are jest path patterns; `--no-e2e` skips the stack phases and the container
 * phase (infra/containers/phase.ts), `--no-containers` the container phase only.
 */
export async function runTests(args: string[]): Promise<number> {
  const started = Date.now();
  const patterns = args.filter((a) => !a.startsWith('--'));
  const stackPhase = !args.includes('--no-e2e') && patterns.length === 0;
  const runDir = path.join(DATA, 'test', `run-${Date.now()}-${process.pid}`);
  mkdirSync(runDir, { recursive: true });

  console.log('\n== lint and format check (npm run lint, npm run format:check)');
  await checkConventions();

  console.log('\n== build and type-check');
  await build();
  if ((await run(bin('nx'), ['run-many', '-t', 'typecheck', '--parallel=2', '--outputStyle=static'])) !== 0) throw new Error('type-check failed');

  console.log('\n== unit and integration tests (jest, own PostgreSQL and Redis)');
  const unitJson = path.join(runDir, 'jest-unit.json');
  await run(bin('jest'), ['-c', 'jest.config.js', '--json', `--outputFile=${unitJson}`, ...patterns], { ...JEST_ENV, TEST_RUN_DIR: runDir });
  const tallies: Array<[string, Tally]> = [['unit and integration', jestTally(unitJson)]];

  if (stackPhase) {
    console.log('\n== full stack behind nginx');
    const gatewayPort = await freePort();
    // docs/decisions/0014-streaming-replies.md: a slow OpenAI-compatible provider for users who store an API key (the streaming end-to-end tests).
    const providerPort = await freePort();
    const provider = startProcess('slow-provider', process.execPath, [path.resolve(import.meta.dirname, 'slow-provider.ts')], path.join(runDir, 'logs', 'slow-provider.log'), {
      env: { ...process.env, PORT: String(providerPort), TOKEN_DELAY_MS: '60' },
    });
    await waitFor('slow-provider', () => isPortOpen(providerPort), 20_000, provider);
    // docs/decisions/0036-single-sign-on-openid-connect.md: an OpenID provider for the single sign-on end-to-end test; the other tests only see the button.
    const oidcPort = await freePort();
    const oidc = startProcess('oidc-provider', process.execPath, [path.resolve(import.meta.dirname, 'oidc-provider.ts')], path.join(runDir, 'logs', 'oidc-provider.log'), {
      env: { ...process.env, PORT: String(oidcPort), REDIRECT_URIS: `http://localhost:${gatewayPort}/api/auth/oidc/callback` },
    });
    await waitFor('oidc-provider', () => isPortOpen(oidcPort), 20_000, oidc);
    // Two replicas of every service and of the worker, so every suite also proves the services are stateless.
    const state = await startStack({
      dir: path.join(runDir, 'stack'),
      gatewayPort,
      replicas: 2,
      ephemeral: true,
      // Every test visitor comes from 127.0.0.1: the per-address guest and sign-up limits would otherwise trip.
      env: {
        GUESTS_PER_ADDRESS_PER_HOUR: '100000',
        REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
        OPENAI_BASE_URL: `http://127.0.0.1:${providerPort}/v1`,
        ...oidcTestEnv(`http://127.0.0.1:${oidcPort}`),
      },
      say: (l) => console.log(`   ${l}`),
    });
    try {
      console.log(`\n== gateway and stack tests (jest) against ${state.url}`);
      const stackJson = path.join(runDir, 'jest-stack.json');
      const stackEnv = { ...JEST_ENV, GATEWAY_URL: state.url, STACK_STATE: stateFile(state.dir), TEST_RUN_DIR: runDir };
      await run(bin('jest'), ['-c', 'jest.stack.config.js', '--json', `--outputFile=${stackJson}`], stackEnv);
      tallies.push(['gateway and stack', jestTally(stackJson)]);

      console.log(`\n== end-to-end tests (Playwright, Chromium) against ${state.url}`);
      const e2eJson = path.join(runDir, 'playwright.json');
      await run(bin('playwright'), ['test', '-c', 'web/playwright.config.ts', '--reporter=list,json'], {
        E2E_BASE_URL: state.url,
        PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
        STACK_STATE: stateFile(state.dir),
      });
      tallies.push(['end-to-end', playwrightTally(e2eJson)]);
    } finally {
      await stopStack(state);
      await stopProcess(provider.pid);
      await stopProcess(oidc.pid);
    }

    console.log('\n== reliability and security (jest): hostile input, authentication, authorization, faults, load; each suite on its own stack');
    const reliabilityJson = path.join(runDir, 'jest-reliability.json');
    await run(bin('jest'), ['-c', 'jest.reliability.config.js', '--json', `--outputFile=${reliabilityJson}`], { ...JEST_ENV, TEST_RUN_DIR: runDir });
    tallies.push(['reliability and security', jestTally(reliabilityJson)]);
  }

  if (stackPhase && !args.includes('--no-containers')) tallies.push(...(await containerPhase(runDir)));

  return summarise(tallies, started, runDir);
}

/** The container phase as one entry of the summary: a machine where containers cannot run fails it, saying what is missing. */
async function containerPhase(runDir: string): Promise<Array<[string, Tally]>> {
  console.log('\n== containers: every image from docker/ built, docker-compose.yml run in podman, k8s/base/ pods started with kube play');
  try {
    return await runContainerPhase(runDir, jestTally);
  } catch (err) {
    // Containers cannot run here (packages missing, podman refused) or an image did not build.
    console.log(`\n${err instanceof Error ? err.message : String(err)}`);
    return [['containers', { passed: 0, failed: 1, skipped: 0 }]];
  }
}

function summarise(tallies: Array<[string, Tally]>, started: number, runDir: string): number {
  const total = tallies.reduce((t, [, x]) => ({ passed: t.passed + x.passed, failed: t.failed + x.failed, skipped: t.skipped + x.skipped }), { passed: 0, failed: 0, skipped: 0 });
  console.log('\n== summary');
  for (const [name, t] of tallies) console.log(`   ${name}: ${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''}`);
  console.log(`   wall time: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (total.failed === 0) rmSync(runDir, { recursive: true, force: true });
  else console.log(`   logs kept in ${runDir}`);
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  return total.failed === 0 && total.passed > 0 ? 0 : 1;
}

/** `npm run test:containers`: the container phase of `npm test` alone. */
export async function runContainerTests(): Promise<number> {
  const started = Date.now();
  const runDir = path.join(DATA, 'test', `containers-${Date.now()}-${process.pid}`);
  mkdirSync(runDir, { recursive: true });
  return summarise(await containerPhase(runDir), started, runDir);
}

/** `npm run test:soak`: the mixed load suite at full size (200 clients for 60 s) on its own stack. */
export async function runSoak(): Promise<number> {
  const runDir = path.join(DATA, 'test', `soak-${Date.now()}-${process.pid}`);
  mkdirSync(runDir, { recursive: true });
  await build();
  const code = await run(bin('jest'), ['-c', 'jest.reliability.config.js', 'load.rel-spec'], {
    ...JEST_ENV,
    TEST_RUN_DIR: runDir,
    LOAD_CLIENTS: process.env.LOAD_CLIENTS ?? '200',
    LOAD_SECONDS: process.env.LOAD_SECONDS ?? '60',
  });
  if (code === 0) rmSync(runDir, { recursive: true, force: true });
  else console.log(`logs kept in ${runDir}`);
  return code;
}
