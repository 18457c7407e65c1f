// Static checks of docker/*.Dockerfile and .dockerignore (no Docker engine runs here): multi-stage
// Node 24 builds, production dependencies only at run time, a non-root user, a health check, and an
// entry point that the build really produces (`npm test` builds every project before the suites).
import { describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../lib/paths.ts';
import { NODE_FLAGS } from '../lib/services.ts';
import {
  composeServices,
  copies,
  execCommand,
  GATEWAY_TEMPLATE,
  instructions,
  isObject,
  parseDockerfile,
  readCompose,
  SERVICES,
  stageEnv,
  workspaceDependencies,
  type Stage,
} from './deploy-files.ts';

const APP = '/app';
const dockerfiles = readdirSync(fromRoot('docker'))
  .filter((f) => f.endsWith('.Dockerfile'))
  .map((f) => path.join('docker', f));
const compose = composeServices(readCompose());
const stagesOf = new Map(dockerfiles.map((f) => [f, parseDockerfile(f)]));
const runtimeOf = (file: string): Stage => stagesOf.get(file)!.at(-1)!;
const isNode = (file: string) => runtimeOf(file).from.startsWith('node:');
const nodeDockerfiles = dockerfiles.filter(isNode).map((f) => [f] as const);

/** The repository path a command argument names, relative to the image's WORKDIR. */
function inRepo(stage: Stage, arg: string): string {
  const workdir = instructions(stage, 'WORKDIR').at(-1) ?? '/';
  return path.posix.relative(APP, path.posix.resolve(workdir, arg));
}

test('every Dockerfile is built by docker-compose.yml, and every Compose build names an existing Dockerfile', () => {
  const built = Object.values(compose)
    .map((s) => s.build)
    .filter(isObject)
    .map((b) => path.join(String(b.context ?? '.'), String(b.dockerfile)));
  for (const file of built) expect(existsSync(fromRoot(file))).toBe(true);
  expect([...new Set(built)].sort()).toEqual([...dockerfiles].sort());
});

test("every process of the product has an image whose entry point (its CMD or its Compose command) is built and runs with the local stack's Node flags", () => {
  for (const spec of SERVICES) {
    const service = compose[spec.name]!;
    const build = service.build;
    const file = isObject(build) ? path.join(String(build.context ?? '.'), String(build.dockerfile)) : '';
    const command = Array.isArray(service.command) ? service.command.map(String) : execCommand(runtimeOf(file));
    expect({ process: spec.name, command }).toEqual({ process: spec.name, command: ['node', ...NODE_FLAGS, spec.entry] });
  }
});

test('every process whose local stack sets an environment of its own (jemalloc for worker threads) has it in its image', () => {
  const withEnv = SERVICES.filter((spec) => spec.env);
  expect(withEnv.map((spec) => spec.name)).toEqual(expect.arrayContaining(['content', 'export']));
  for (const spec of withEnv) {
    const build = compose[spec.name]!.build;
    const env = stageEnv(runtimeOf(isObject(build) ? path.join(String(build.context ?? '.'), String(build.dockerfile)) : ''));
    expect({ process: spec.name, env: Object.fromEntries(Object.keys(spec.env!).map((name) => [name, env[name]])) }).toEqual({ process: spec.name, env: spec.env });
  }
});

describe.each(nodeDockerfiles)('%s', (file) => {
  const stages = stagesOf.get(file)!;
  const runtime = runtimeOf(file);

  test('builds in one stage and runs in another, every stage on Node 24 (node:24-bookworm-slim)', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.from).toBe('node:24-bookworm-slim');
    expect(
      stages.slice(0, -1).some((s) => instructions(s, 'RUN').some((r) => /\bnpm ci\b/.test(r)) && instructions(s, 'RUN').some((r) => /\bnx run-many -t build\b/.test(r))),
    ).toBe(true);
  });

  test('installs production dependencies only in the runtime stage', () => {
    const installs = instructions(runtime, 'RUN').filter((r) => /\bnpm (ci|install|i)\b/.test(r));
    expect(installs.length).toBeGreaterThan(0);
    for (const run of installs) expect(run).toMatch(/npm ci --omit=dev --workspace \S+/);
  });

  test('runs as a non-root user, in production mode, listening on every interface at the port it exposes', () => {
    const user = instructions(runtime, 'USER').at(-1);
    expect(user).toBeDefined();
    expect(['root', '0', '0:0']).not.toContain(user);
    const env = stageEnv(runtime);
    expect({ NODE_ENV: env.NODE_ENV, HOST: env.HOST }).toEqual({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    expect(instructions(runtime, 'EXPOSE')).toEqual([env.PORT]);
  });

  test('has a HEALTHCHECK asking /readyz on the PORT the container was given', () => {
    const [check] = instructions(runtime, 'HEALTHCHECK');
    expect(check).toMatch(/CMD \["node", "-e", "[^"]*process\.env\.PORT ?\+ ?'\/readyz'/);
    // podman 4.3 splits an exec-form health check's arguments at spaces (seen in the container phase).
    expect(check).toMatch(/CMD \["node", "-e", "[^" ]*"\]/);
  });

  test('its entry point exists in the build output, and the runtime stage copies it with every workspace package it imports and its migrations', () => {
    const command = execCommand(runtime)!;
    const entry = inRepo(
      runtime,
      command.find((a) => a.endsWith('.js'))!,
    );
    expect(existsSync(fromRoot(entry))).toBe(true);
    const pkg = entry.split('/dist/')[0]!;
    const copied = copies(runtime);
    const fromBuild = (dir: string) => copied.some((c) => c.from === stages[0]!.name && c.sources.includes(`${APP}/${dir}/dist`) && inRepo(runtime, c.dest) === `${dir}/dist`);
    for (const dir of [pkg, ...workspaceDependencies(pkg)]) expect({ dir, copied: fromBuild(dir) }).toEqual({ dir, copied: true });
    expect(copied.some((c) => c.sources.includes(`${pkg}/drizzle`) && inRepo(runtime, c.dest) === `${pkg}/drizzle`)).toBe(true);
    expect(existsSync(fromRoot(pkg, 'drizzle'))).toBe(true);
  });
});

describe('docker/gateway.Dockerfile', () => {
  const file = 'docker/gateway.Dockerfile';
  const stages = stagesOf.get(file)!;
  const runtime = runtimeOf(file);
  const env = stageEnv(runtime);

  test('builds the web client on Node 24 and serves it from the official nginx image', () => {
    expect(stages[0]!.from).toBe('node:24-bookworm-slim');
    expect(runtime.from).toMatch(/^nginx:1\.\d+-bookworm$/);
    expect(instructions(stages[0]!, 'RUN').some((r) => /nx run-many -t build --projects=@prd\/web\b/.test(r))).toBe(true);
  });

  test('puts the gateway template where the image renders templates with envsubst', () => {
    const template = copies(runtime).find((c) => c.sources.includes(GATEWAY_TEMPLATE));
    expect(template?.dest).toMatch(/^\/etc\/nginx\/templates\/[\w.-]+\.template$/);
  });

  test('copies the built client (web/dist, with its index.html) to WEB_ROOT', () => {
    const client = copies(runtime).find((c) => c.from === stages[0]!.name && c.sources.includes(`${APP}/web/dist`));
    expect(client?.dest).toBe(env.WEB_ROOT);
    expect(existsSync(fromRoot('web/dist/index.html'))).toBe(true);
  });

  test('runs nginx as the unprivileged nginx user, writing only to /tmp and the rendered conf.d', () => {
    expect(instructions(runtime, 'USER').at(-1)).toBe('nginx');
    expect(instructions(runtime, 'EXPOSE')).toEqual([env.GATEWAY_PORT]);
    const main = copies(runtime).find((c) => c.dest === '/etc/nginx/nginx.conf');
    const conf = readFileSync(fromRoot(main!.sources[0]!), 'utf8');
    expect(conf).toMatch(/^pid \/tmp\//m);
    expect(conf).toMatch(/include \/etc\/nginx\/conf\.d\/\*\.conf;/);
    for (const m of conf.matchAll(/^\s*\w+_temp_path (\S+);/gm)) expect(m[1]).toMatch(/^\/tmp\//);
    expect(conf).not.toMatch(/^\s*user\s/m);
  });

  test('has a HEALTHCHECK fetching the client through nginx on GATEWAY_PORT', () => {
    expect(instructions(runtime, 'HEALTHCHECK')[0]).toMatch(/curl -fsS .*http:\/\/127\.0\.0\.1:\$\{GATEWAY_PORT\}\//);
  });
});

test('.dockerignore keeps dependencies, build output, local data, git and .env files out of the build context', () => {
  const rules = readFileSync(fromRoot('.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim());
  for (const rule of ['**/node_modules', '**/dist', '.data', '.git', '.env', '.env.*']) expect(rules).toContain(rule);
});
