import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromRoot } from '../lib/paths.ts';
import { exec, podman } from './podman.ts';

export interface ProjectImage {
  /** docker/<name>.Dockerfile */
  name: string;
  dockerfile: string;
  /** The name docker-compose.yml gives it (`image: prd-studio/<name>:latest`), as podman's Docker API resolves it. */
  tag: string;
  /** The public image its runtime stage starts from (here: our stand-in of it). */
  base: string;
  /** Size target in MB of what the image adds to its base (README table): our code and production dependencies. */
  targetMb: number;
}

/**
 * Targets for what each image adds to its base image: the compiled service, its migrations and its
 * production dependencies (chat carries the OpenAI SDK and BullMQ, export docx and the Markdown
 * parser, content the co-editing server — Hocuspocus, Yjs — and the MCP SDK, about 27 MB together, plus since
 * the import (docs/decisions/0034-document-import.md) its converters: mammoth, turndown, unpdf's pdf.js and fflate, about 13 MB,
 * and since the rich-text editor (docs/decisions/0039-shared-document-model.md) the shared document model: TipTap's schema
 * packages, ProseMirror, y-tiptap and the markdown parser, which content runs as the browser does: 116 MB added in all);
 * content and export also carry Debian's jemalloc (docs/decisions/0050-jemalloc-for-file-threads.md: 1.8 MB with dpkg's
 * records of it), two more MB in their targets; the gateway adds the built web client. The base images' own sizes are not ours to set
 * (and here they are our stand-ins, not the official images).
 */
const TARGET_MB: Record<string, number> = { identity: 70, content: 122, chat: 110, export: 102, gateway: 10 };

export function projectImages(): ProjectImage[] {
  return readdirSync(fromRoot('docker'))
    .filter((f) => f.endsWith('.Dockerfile'))
    .sort()
    .map((f) => {
      const name = f.replace(/\.Dockerfile$/, '');
      const froms = [...readFileSync(fromRoot('docker', f), 'utf8').matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]!);
      const base = froms.at(-1) ?? '';
      return {
        name,
        dockerfile: path.join('docker', f),
        tag: `docker.io/prd-studio/${name}:latest`,
        base: base.includes('/') ? base : `docker.io/library/${base}`,
        targetMb: TARGET_MB[name] ?? 100,
      };
    });
}

/**
 * Builds every image from docker/ unchanged, one after the other so the stages they share (the
 * dependency install of the build stage) are built once; podman's layer cache skips every step
 * whose inputs did not change since the last run. The machine's npm cache is lent to the builds as
 * an overlay (writes inside a build stay in the build), so `npm ci` downloads only what it lacks.
 */
export async function buildProjectImages(say: (line: string) => void): Promise<void> {
  const npmCache = path.join(os.homedir(), '.npm');
  const cacheMount = existsSync(npmCache) ? ['--volume', `${npmCache}:/root/.npm:O`] : [];
  for (const image of projectImages()) {
    const started = Date.now();
    await podman(['build', '--quiet', '--pull=never', '--layers', ...cacheMount, '-f', image.dockerfile, '-t', image.tag, '.']);
    say(`image ${image.tag} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
}

export async function imageSizeMb(tag: string): Promise<number> {
  const bytes = Number((await podman(['image', 'inspect', '--format', '{{.Size}}', tag])).trim());
  return Math.round(bytes / 1e6);
}

/**
 * Every build after a source change leaves the previous images untagged (about 2 GB: the shared build
 * stage and five runtime images) in the storage every checkout shares. Those older than a day go;
 * younger ones may still be another checkout's cache (or in use by its build), so they stay.
 */
export async function pruneOldImages(say: (line: string) => void): Promise<void> {
  const r = await exec('podman', ['image', 'prune', '--force', '--filter', 'until=24h']);
  const removed = r.stdout.split('\n').filter(Boolean).length;
  if (r.code !== 0) say(`could not remove old untagged images: ${r.stderr.trim().split('\n').at(-1) ?? ''}`);
  else if (removed) say(`removed ${removed} untagged image(s) older than a day`);
}
