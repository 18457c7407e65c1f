import { expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { GATEWAY_GZIP_LEVEL, initialScripts, measureBundle, staticImports } from './bundle.ts';

const INDEX = `<!doctype html><html><head>
  <link rel="icon" href="/favicon.svg" />
  <script type="module" crossorigin src="/assets/index-a1.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/framework-b2.js">
  <link crossorigin rel='modulepreload' href='/assets/api-c3.js'>
  <link rel="stylesheet" href="/assets/index-d4.css">
</head><body><script>window.inline = true</script></body></html>`;

test('the initial scripts are the module entry and the modulepreload links, whatever the attribute order', () => {
  expect(initialScripts(INDEX)).toEqual(['/assets/index-a1.js', '/assets/framework-b2.js', '/assets/api-c3.js']);
});

test('static imports of a minified chunk are followed, dynamic imports are not', () => {
  const code = 'import{a as t}from"./index-a1.js";import"./side-e5.js";const p=()=>import("./lazy-f6.js");export{t}from"./api-c3.js";';
  expect(staticImports(code)).toEqual(['./index-a1.js', './side-e5.js', './api-c3.js']);
});

test('sizes the initial JavaScript and the home route with its lazy chunk, gzipped like the gateway', () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
  try {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    const files: Record<string, string> = {
      'index-a1.js': `console.log(${JSON.stringify('entry '.repeat(500))});import("./home-page-h7.js");`,
      'framework-b2.js': 'export const f = 1;'.repeat(200),
      'api-c3.js': 'export const api = 2;',
      'home-page-h7.js': 'import{f}from"./framework-b2.js";import{x}from"./home-only-g8.js";export const HomePage=()=>f+x;',
      'home-only-g8.js': 'export const x = 3;',
    };
    for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dist, 'assets', name), code);
    const gz = (name: string) => gzipSync(Buffer.from(files[name]!), { level: GATEWAY_GZIP_LEVEL }).length;

    const figures = measureBundle(dist);
    expect(figures.initial.files.map((f) => f.file)).toEqual(['assets/index-a1.js', 'assets/framework-b2.js', 'assets/api-c3.js']);
    expect(figures.initial.gzipBytes).toBe(gz('index-a1.js') + gz('framework-b2.js') + gz('api-c3.js'));
    expect('files' in figures.homeRoute && figures.homeRoute.files.map((f) => f.file).slice(3)).toEqual(['assets/home-page-h7.js', 'assets/home-only-g8.js']);
    expect('gzipBytes' in figures.homeRoute && figures.homeRoute.gzipBytes).toBe(figures.initial.gzipBytes + gz('home-page-h7.js') + gz('home-only-g8.js'));
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});
