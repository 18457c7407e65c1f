import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, isPortOpen } from '../lib/ports.ts';
import { bin, run } from '../lib/run.ts';
import { CONTAINERS_DIR, checkPodmanRuns, ensureContainerTools } from './podman.ts';
import { buildStandIns } from './stand-ins.ts';
import { buildProjectImages, imageSizeMb, projectImages, pruneOldImages } from './images.ts';
import {
  compose,
  composeDown,
  composeEnvFile,
  driveHealthChecks,
  projectContainers,
  readIpForward,
  restoreNetworking,
  saveComposeState,
  staleTestProjects,
  TEST_PROJECT_PREFIX,
  startApiService,
  waitHealthy,
  type ComposeState,
} from './compose.ts';
import { KUBE_RUN, kubeDown, staleKubeRuns } from './kube.ts';
import { pinBridgeWhenCreated } from './bridge.ts';

type Say = (line: string) => void;

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** Installs what is missing, then builds the stand-in base images and every image from docker/. */
export async function buildAll(say: Say): Promise<void> {
  let t = Date.now();
  ensureContainerTools(say);
  await checkPodmanRuns();
  await buildStandIns(say);
  say(`stand-in base images ready (${seconds(t)})`);
  t = Date.now();
  await buildProjectImages(say);
  say(`project images ready (${seconds(t)})`);
  await pruneOldImages(say);
}

/**
 * docker-compose.yml up in containers under `project`, the gateway published on `gatewayPort`, with
 * a generated .env; resolves once every container is healthy. Health checks are driven by us while
 * `driver` runs (see driveHealthChecks); the caller stops it.
 */
export async function composeUp(project: string, gatewayPort: number, say: Say): Promise<{ state: ComposeState; driver: { stop: () => Promise<void> } }> {
  const leftovers = await composeDown(project, say);
  if (leftovers.length) say(`removed what an earlier run of ${project} left: ${leftovers.join(', ')}`);
  if (await isPortOpen(gatewayPort)) throw new Error(`port ${gatewayPort} is already in use: free it or choose another with --port`);
  const ipForward = readIpForward();
  const api = await startApiService(project);
  const envFile = path.join(CONTAINERS_DIR, `${project}.env`);
  composeEnvFile(envFile, gatewayPort);
  const state: ComposeState = { project, url: `http://127.0.0.1:${gatewayPort}`, gatewayPort, socket: api.socket, servicePid: api.pid, envFile, ipForward };
  saveComposeState(state);
  const driver = driveHealthChecks(project);
  const t = Date.now();
  // docker-compose names the project's network <project>_default.
  const pin = pinBridgeWhenCreated(`${project}_default`, (l) => say(`  ${l}`));
  const up = await compose(state, ['up', '--detach', '--no-build'], (l) => say(`  ${l}`));
  await pin.stop();
  if (up.code !== 0) {
    await driver.stop();
    throw new Error(`docker-compose up failed (exit ${up.code})`);
  }
  await waitHealthy(project, 300_000);
  say(`compose stack healthy (${seconds(t)})`);
  return { state, driver };
}

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

const JEST_ENV = { NODE_OPTIONS: '--experimental-vm-modules --disable-warning=ExperimentalWarning' };

async function jest(file: string, pattern: string, tally: (f: string) => Tally, env: Record<string, string> = {}): Promise<Tally> {
  await run(bin('jest'), ['-c', 'jest.containers.config.js', '--json', `--outputFile=${file}`, pattern], { ...JEST_ENV, ...env });
  return tally(file);
}

/**
 * The container phase of `npm test`: build every image, check them, run docker-compose.yml through
 * the smoke suite (scaled content included), bring it all down — always, also on failure — and
 * start every Deployment of k8s/base/ with `podman kube play`.
 */
export async function runContainerPhase(runDir: string, tally: (f: string) => Tally): Promise<Array<[string, Tally]>> {
  const say: Say = (l) => console.log(`   ${l}`);
  const started = Date.now();
  const results: Array<[string, Tally]> = [];
  const ipForward = readIpForward();
  await buildAll(say);
  const built = Date.now();

  console.log('\n== container images: unprivileged user, no dev dependencies, tests, .env or .git');
  results.push(['container images', await jest(path.join(runDir, 'jest-images.json'), 'images.ctr-spec', tally)]);
  const sizes = await Promise.all(projectImages().map(async (i) => ({ ...i, mb: await imageSizeMb(i.tag), baseMb: await imageSizeMb(i.base) })));
  say('| image | size here | base image (stand-in here) | added by our Dockerfile | target for what we add |');
  say('|---|---|---|---|---|');
  for (const i of sizes) {
    const added = i.mb - i.baseMb;
    say(
      `| ${i.tag.replace('docker.io/', '')} | ${i.mb} MB | ${i.base.replace('docker.io/library/', '')}: ${i.baseMb} MB | ${added} MB | ≤ ${i.targetMb} MB ${added > i.targetMb ? 'miss' : 'pass'} |`,
    );
  }
  const overTarget = sizes.filter((i) => i.mb - i.baseMb > i.targetMb).length;
  results.push(['image size targets', { passed: sizes.length - overTarget, failed: overTarget, skipped: 0 }]);

  console.log('\n== docker-compose.yml in containers: smoke suite through the gateway');
  // One project per run: podman's storage is shared by every checkout on the machine, so another
  // checkout's run may be up at the same time under its own name, and is never touched by ours.
  const project = `${TEST_PROJECT_PREFIX}${process.pid}`;
  for (const stale of staleTestProjects()) {
    const removed = await composeDown(stale, say);
    say(`removed what an earlier, interrupted run of this checkout left (${stale}): ${removed.join(', ') || 'its state'}`);
  }
  let stack: Awaited<ReturnType<typeof composeUp>> | undefined;
  const upStarted = Date.now();
  try {
    stack = await composeUp(project, await freePort(), say);
    results.push(['compose smoke', await jest(path.join(runDir, 'jest-compose.json'), 'smoke.ctr-spec', tally, { COMPOSE_PROJECT: project })]);
  } catch (err) {
    console.log(`   ${err instanceof Error ? err.message : String(err)}`);
    for (const c of await projectContainers(project).catch(() => [])) say(`   ${c.Names[0]}: ${c.State}`);
    results.push(['compose smoke', { passed: 0, failed: 1, skipped: 0 }]);
  } finally {
    await stack?.driver.stop();
    // The containers' logs go with them: keep them with the run's logs.
    if (stack) writeFileSync(path.join(runDir, 'compose.log'), (await compose(stack.state, ['logs', '--no-color'])).stdout);
    const forced = await composeDown(project, say);
    const left = await projectContainers(project).catch(() => []);
    if (left.length) results.push(['compose down', { passed: 0, failed: 1, skipped: 0 }]);
    say(`compose stack down${forced.length ? ` (removed by force: ${forced.join(', ')})` : ''}; ${left.length} container(s) left (${seconds(upStarted)})`);
  }
  console.log('\n== k8s/base/ pods with podman kube play (ConfigMaps, a test Secret), ready by their readiness probes');
  const kubeStarted = Date.now();
  try {
    for (const stale of staleKubeRuns()) await kubeDown(stale);
    results.push(['kube play', await jest(path.join(runDir, 'jest-kube.json'), 'kube.ctr-spec', tally, { KUBE_RUN })]);
  } finally {
    await kubeDown();
    await restoreNetworking(ipForward);
    say(`kube play pods down (${seconds(kubeStarted)})`);
  }
  say(`container phase: build ${((built - started) / 1000).toFixed(0)} s, whole phase ${seconds(started)}`);
  return results;
}
