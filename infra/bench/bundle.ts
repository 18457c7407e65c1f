import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The gateway's `gzip_comp_level` (gateway/nginx/gateway.conf.template): the size a browser downloads. */
export const GATEWAY_GZIP_LEVEL = 5;

export interface BundleFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleFigures {
  /** The entry script and every `modulepreload` of index.html: what the browser loads before any route. */
  initial: { files: BundleFile[]; gzipBytes: number };
  /** The above plus the lazily loaded home page chunk and the chunks it imports statically, or why not. */
  homeRoute: { files: BundleFile[]; gzipBytes: number } | { notMeasured: string };
}

const TAG = /<(script|link)\b([^>]*)>/gi;
const ATTRIBUTE = /([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function attributes(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of text.matchAll(ATTRIBUTE)) found.set(m[1]!.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  return found;
}

/** The JavaScript an HTML page loads up front: module entry scripts and modulepreload links, in order. */
export function initialScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, tag, attrs] of html.matchAll(TAG)) {
    const a = attributes(attrs!);
    if (tag!.toLowerCase() === 'script' && a.has('src') && a.get('type') === 'module') scripts.push(a.get('src')!);
    if (tag!.toLowerCase() === 'link' && (a.get('rel') ?? '').split(/\s+/).includes('modulepreload') && a.has('href')) scripts.push(a.get('href')!);
  }
  return [...new Set(scripts)];
}

/** Relative chunks a minified ES module imports statically (`import ... from "./x.js"`, `import "./x.js"`); not `import()`. */
export function staticImports(code: string): string[] {
  return [...new Set([...code.matchAll(/\b(?:from|import)\s*["'](\.\/[^"']+\.js)["']/g)].map((m) => m[1]!))];
}

function measure(dist: string, file: string): BundleFile {
  const content = readFileSync(path.join(dist, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: GATEWAY_GZIP_LEVEL }).length };
}

const total = (files: BundleFile[]) => files.reduce((sum, f) => sum + f.gzipBytes, 0);

/** Sizes the home route's JavaScript in a built client (web/dist), gzipped as the gateway serves it. */
export function measureBundle(dist: string): BundleFigures {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initialFiles = initialScripts(html).map((src) => src.replace(/^\//, ''));
  if (initialFiles.length === 0) throw new Error(`${dist}/index.html loads no module script`);
  const initial = initialFiles.map((f) => measure(dist, f));

  const assets = path.join(dist, 'assets');
  const homeChunk = existsSync(assets) ? readdirSync(assets).find((f) => /^home-page-[\w-]+\.js$/.test(f)) : undefined;
  if (!homeChunk) return { initial: { files: initial, gzipBytes: total(initial) }, homeRoute: { notMeasured: 'no home-page chunk in web/dist/assets' } };
  const seen = new Set(initialFiles);
  const queue = [`assets/${homeChunk}`];
  const extra: BundleFile[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    extra.push(measure(dist, file));
    const code = readFileSync(path.join(dist, file), 'utf8');
    for (const imported of staticImports(code)) queue.push(path.posix.join(path.posix.dirname(file), imported));
  }
  const homeFiles = [...initial, ...extra];
  return { initial: { files: initial, gzipBytes: total(initial) }, homeRoute: { files: homeFiles, gzipBytes: total(homeFiles) } };
}
