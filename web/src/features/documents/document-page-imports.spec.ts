import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(import.meta.dirname, '../..');
const PAGE = path.join(SRC, 'features/documents/document-editor-page.tsx');

/** What a module imports statically (`import … from`, `import '…'`, `export … from`); not `import type` nor `import()`. */
function staticSpecifiers(code: string): string[] {
  const found = code.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm);
  return [...found].map((m) => m[1]!);
}

function resolveSource(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((file) => existsSync(file) && /\.tsx?$/.test(file));
}

/** The packages the page's own modules import, following its static imports through the client's sources. */
function packagesLoadedWith(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticSpecifiers(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const resolved = resolveSource(file, specifier);
        if (resolved) queue.push(resolved);
      } else {
        packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
      }
    }
  }
  return packages;
}

describe("the document page's code", () => {
  const packages = packagesLoadedWith(PAGE);

  it('is followed through its static imports (the walk reaches the stored text and the page)', () => {
    expect([...packages]).toEqual(expect.arrayContaining(['react', 'antd', '@prd/doc-model']));
  });

  it("does not load the chat's markdown renderer before the chat is shown (decision 0048)", () => {
    expect([...packages].filter((name) => /^(react-markdown|remark-|rehype-|micromark|unified)/.test(name))).toEqual([]);
  });
});
