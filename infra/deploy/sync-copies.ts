// Kubernetes ConfigMaps embed two files of the repository (kustomize cannot load files from outside
// k8s/). This rewrites those embedded copies from their sources; the deployment tests fail while a
// copy differs. Run: node_modules/.bin/node infra/deploy/sync-copies.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fromRoot } from '../lib/paths.ts';

export interface EmbeddedCopy {
  /** The manifest holding the copy as a `key: |` block scalar. */
  manifest: string;
  key: string;
  source: string;
}

export const EMBEDDED_COPIES: EmbeddedCopy[] = [
  { manifest: 'k8s/base/gateway.yaml', key: 'gateway.conf.template', source: 'gateway/nginx/gateway.conf.template' },
  { manifest: 'k8s/base/postgres.yaml', key: 'init-databases.sql', source: 'docker/postgres/init-databases.sql' },
];

/** The manifest's text with the block under `key: |` replaced by `content`, indented two more spaces. */
export function embed(manifest: string, key: string, content: string): string {
  const lines = manifest.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^\\s*${key.replace(/[.]/g, '\\.')}: \\|$`).test(l));
  if (start < 0) throw new Error(`no "${key}: |" block`);
  const indent = lines[start]!.search(/\S/);
  let end = start + 1;
  while (end < lines.length && (lines[end]!.trim() === '' || lines[end]!.search(/\S/) > indent)) end++;
  // Blank lines before the next key belong to the file's layout, not to the block.
  while (end > start + 1 && lines[end - 1]!.trim() === '') end--;
  const pad = ' '.repeat(indent + 2);
  const body = content
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => (l === '' ? '' : pad + l));
  return [...lines.slice(0, start + 1), ...body, ...lines.slice(end)].join('\n');
}

export function syncCopies(): string[] {
  const changed: string[] = [];
  for (const { manifest, key, source } of EMBEDDED_COPIES) {
    const before = readFileSync(fromRoot(manifest), 'utf8');
    const after = embed(before, key, readFileSync(fromRoot(source), 'utf8'));
    if (after !== before) {
      writeFileSync(fromRoot(manifest), after);
      changed.push(`${manifest} (${key} from ${source})`);
    }
  }
  return changed;
}

if (import.meta.main) {
  const changed = syncCopies();
  console.log(changed.length ? `updated: ${changed.join(', ')}` : 'embedded copies are up to date');
}
