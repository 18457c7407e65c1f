import { composeDown, readComposeState } from './compose.ts';
import { buildAll, composeUp } from './phase.ts';

/** The deployment `npm run containers` runs (the tests use their own project name). */
const PROJECT = 'prd-studio';

/**
 * `npm run containers`: every image built (stand-in base images included), then docker-compose.yml up
 * in containers with the gateway published on `port`; prints the URL and leaves it running.
 */
export async function containersUp(port: number, say: (line: string) => void): Promise<void> {
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('--port must be a port number');
  const running = readComposeState(PROJECT);
  if (running) {
    say(`PRD Studio already runs in containers at ${running.url}; stop it with \`npm run containers:down\`.`);
    process.exit(1);
  }
  const started = Date.now();
  await buildAll(say);
  try {
    const { state, driver } = await composeUp(PROJECT, port, say);
    await driver.stop();
    say('');
    say(`PRD Studio runs in containers at http://localhost:${state.gatewayPort}  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    say('Stop and remove everything with `npm run containers:down`.');
  } catch (err) {
    say('Start-up failed; removing what was started.');
    await composeDown(PROJECT, say);
    throw err;
  }
}

/** `npm run containers:down`: stops and removes every container, volume and network it started. */
export async function containersDown(say: (line: string) => void): Promise<void> {
  if (!readComposeState(PROJECT)) say('No deployment of `npm run containers` is recorded; removing any leftovers.');
  const forced = await composeDown(PROJECT, say);
  say(`PRD Studio's containers are stopped and removed${forced.length ? ` (${forced.join(', ')})` : ''}.`);
}
