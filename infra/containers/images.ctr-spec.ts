import { describe, expect, it } from '@jest/globals';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../lib/paths.ts';
import { projectImages } from './images.ts';
import { exec, podman } from './podman.ts';

/** The lockfile's tree: `dev` marks a package installed only for devDependencies. */
const lock = JSON.parse(readFileSync(fromRoot('package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };

const TEST_FILE = /\.(spec|int-spec|stack-spec|rel-spec|ctr-spec|e2e|test)\.[cm]?[jt]sx?$/;

interface Finding {
  path: string;
  why: string;
}

/** Walks an image's root filesystem (podman image mount) for what must not ship. */
function scan(root: string): Finding[] {
  const found: Finding[] = [];
  const walk = (dir: string, inNodeModules: boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = `/${path.relative(root, full)}`;
      if (entry.name === '.git') found.push({ path: rel, why: 'a .git directory' });
      else if (entry.name === '.env' || (entry.name.startsWith('.env.') && !inNodeModules)) found.push({ path: rel, why: 'an .env file' });
      else if (!inNodeModules && (TEST_FILE.test(entry.name) || entry.name === '__tests__')) found.push({ path: rel, why: 'a test file' });
      if (entry.isDirectory() && !entry.isSymbolicLink() && !['proc', 'sys', 'dev'].includes(rel.slice(1))) walk(full, inNodeModules || entry.name === 'node_modules');
    }
  };
  walk(root, false);
  // Every package installed under the app's node_modules must be a production dependency.
  const modules = path.join(root, 'app', 'node_modules');
  if (existsSync(modules)) {
    for (const name of readdirSync(modules)) {
      const names = name.startsWith('@') ? readdirSync(path.join(modules, name)).map((n) => `${name}/${n}`) : [name];
      for (const pkg of names) {
        if (lock.packages[`node_modules/${pkg}`]?.dev && !lstatSync(path.join(modules, pkg)).isSymbolicLink())
          found.push({ path: `/app/node_modules/${pkg}`, why: 'a dev dependency' });
      }
    }
  }
  return found;
}

describe.each(projectImages())('image $name', ({ tag }) => {
  it('runs as an unprivileged user', async () => {
    const user = (await podman(['image', 'inspect', '--format', '{{.Config.User}}', tag])).trim();
    expect(user).not.toMatch(/^(|root|0)(:.*)?$/);
    const uid = (await podman(['run', '--rm', '--entrypoint', 'id', tag, '-u'])).trim();
    expect(uid).not.toBe('0');
  });

  it('holds no dev dependency, test file, .env file or .git directory', async () => {
    const root = (await podman(['image', 'mount', tag])).trim();
    let found: Finding[];
    try {
      found = scan(root);
    } finally {
      await exec('podman', ['image', 'unmount', '--force', tag]);
    }
    expect(found).toEqual([]);
  });
});
