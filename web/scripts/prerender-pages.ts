// Writes the first screen of the pages people most often open first (dist/prerendered/*.html), rendered
// at build time by the client's own components, so a phone paints the page before the JavaScript has
// arrived; the client then hydrates that markup (src/main.tsx). See docs/decisions/0026-prerendered-first-screens.md.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as RenderPage from '../src/prerender/render-page.tsx';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const out = path.join(dist, 'prerendered');
const serverBundle = path.join(web, 'dist-ssr', 'render-page.js');
const manifestFile = path.join(dist, '.vite', 'manifest.json');

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, Chunk>;

/** A chunk and everything it imports statically: what must be loaded before it runs. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

// The server bundle leaves React and antd to node_modules, which pick their production builds by this
// variable: the markup (antd's class names above all) must be what the production client renders.
process.env.NODE_ENV = 'production';
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
const { renderPage, serializeQueries, LISTED_CATALOGUE, PRERENDERED_QUERIES_ID, FIRST_SCREEN_ID } = (await import(pathToFileURL(serverBundle).href)) as typeof RenderPage;

/**
 * Address → the page module it opens (src/app/router.tsx), the name the gateway serves it under
 * (gateway/nginx: `prerendered/<name>.html`) and the query results it is rendered with. A page with
 * `visitor` results also gets `prerendered/visitor/<name>.html`, which the gateway serves to a request
 * without a session cookie: such a visitor has no documents yet.
 */
const PAGES: { pathname: string; module: string; name: string; queries?: RenderPage.PrerenderedQueries; visitor?: RenderPage.PrerenderedQueries }[] = [
  { pathname: '/', module: 'src/features/home/home-page.tsx', name: 'home', queries: { getTemplates: LISTED_CATALOGUE } },
  { pathname: '/auth', module: 'src/features/auth/auth-page.tsx', name: 'auth' },
  { pathname: '/documents', module: 'src/features/documents/documents-page.tsx', name: 'documents', visitor: { getDocuments: [] } },
  { pathname: '/templates', module: 'src/features/templates/templates-page.tsx', name: 'templates', queries: { getTemplates: LISTED_CATALOGUE } },
  { pathname: '/chat', module: 'src/features/chat/chat-page.tsx', name: 'chat' },
  // Every document's address gets this one: before the user is known the page is its loading state, which names no document.
  { pathname: '/documents/1', module: 'src/features/documents/document-editor-page.tsx', name: 'document' },
];
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryStylesheet = /<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/;
if (!template.includes('<div id="root"></div>') || !entryStylesheet.test(template)) {
  throw new Error('dist/index.html has no empty #root or no entry stylesheet: the template changed');
}
const entryChunks = staticClosure(manifest, 'index.html');
const START = 'src/app/start.tsx';
// Every other address gets index.html, which starts the app at once: its chunks load with the entry.
// A prerendered page has no such links; its entry loads the app after the first paint (src/main.tsx).
const appPreloads = [...staticClosure(manifest, START)]
  .filter((key) => !entryChunks.has(key))
  .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
writeFileSync(
  path.join(dist, 'index.html'),
  template.replace(entryStylesheet, (link) => `${appPreloads.join('\n')}\n${link}`),
);

/**
 * Until the client has hydrated (AppShell removes the attribute) the page is a picture of itself: only its
 * links work. Its controls take no pointer events, so a tap is not swallowed by a button without its
 * handler. The markup is the small-screen layout (useIsWideScreen knows no screen before the client runs):
 * a wide screen keeps it hidden until the client has switched to the sidebar, as without prerendering,
 * instead of showing the phone layout jump to the desktop one.
 */
const beforeHydration = (wideMinWidth: number): string =>
  '#root[data-prerendered]{pointer-events:none}#root[data-prerendered] a[href]{pointer-events:auto}' +
  `@media (min-width:${wideMinWidth}px){#root[data-prerendered]{visibility:hidden}}`;

/** The page's HTML: the template with its styles inlined, its markup in #root and the data it was rendered with. */
async function prerender(pathname: string, module: string, queries: RenderPage.PrerenderedQueries): Promise<string> {
  if (!manifest[module]) throw new Error(`${module} is not a chunk of the build`);
  const chunks = [...staticClosure(manifest, module, staticClosure(manifest, START))];
  // Inline, the CSS blocks no paint; the page's own CSS modules are there before its chunk loads.
  const css = [...new Set(chunks.flatMap((key) => manifest[key]?.css ?? []))].map((file) => readFileSync(path.join(dist, file), 'utf8'));
  const page = await renderPage(pathname, queries);
  // A JSON script is data, not code: the gateway's script policy does not apply to it (src/app/start.tsx reads it).
  const data = Object.keys(queries).length ? `<script type="application/json" id="${PRERENDERED_QUERIES_ID}">${serializeQueries(queries)}</script>` : '';
  return template
    .replace('<html lang="en">', `<html lang="en" style="${page.themeVariables}">`)
    .replace(entryStylesheet, `<style>${css.join('\n')}${beforeHydration(page.wideScreenMinWidth)}</style>`)
    .replace('</head>', `${page.styles}</head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="">${page.html}</div>${data}`);
}

const write = (file: string, html: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
  console.log(`prerendered → ${path.relative(web, file)} (${(Buffer.byteLength(html) / 1024).toFixed(1)} kB)`);
};

/**
 * A document's first screen carries the document's stored text (docs/decisions/0051-document-first-screen-from-the-server.md):
 * the gateway fills the empty article with it through an SSI include, for the signed-in reader of that document only.
 */
const FIRST_SCREEN = new RegExp(`(<article id="${FIRST_SCREEN_ID}"[^>]*>)(</article>)`);
function withFirstScreenInclude(html: string): string {
  if (!FIRST_SCREEN.test(html)) throw new Error(`the document page has no empty #${FIRST_SCREEN_ID}: src/features/document-editor/first-screen.tsx changed`);
  return html.replace(FIRST_SCREEN, '$1<!--# include virtual="/_first-screen/$first_screen_document" -->$2');
}

rmSync(out, { recursive: true, force: true });
for (const { pathname, module, name, queries = {}, visitor } of PAGES) {
  const html = await prerender(pathname, module, queries);
  write(path.join(out, `${name}.html`), name === 'document' ? withFirstScreenInclude(html) : html);
  if (visitor) write(path.join(out, 'visitor', `${name}.html`), await prerender(pathname, module, { ...queries, ...visitor }));
}
rmSync(path.join(web, 'dist-ssr'), { recursive: true, force: true });
rmSync(path.dirname(manifestFile), { recursive: true, force: true });
