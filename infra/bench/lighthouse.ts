import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../lib/paths.ts';
import { run } from '../lib/run.ts';
import { createDocument, register } from './api.ts';
import { largeMarkdown } from './large-document.ts';
import { spread, type Spread } from './spread.ts';

/** The pages docs/decisions/0011-load-tests.md's Lighthouse target names. */
export const LIGHTHOUSE_PAGES = ['/', '/templates', '/documents', '/chat', '/auth'] as const;
export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

export interface PageScores {
  page: string;
  /** Each category's score (0..100) over the repeated runs. */
  scores: Record<LighthouseCategory, Spread>;
  /** The median run's lab metrics, to say where a performance miss comes from. */
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number };
}

export interface LighthouseFigures {
  runsPerPage: number;
  pages: PageScores[];
}

export interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// Without the background-networking flags Chromium keeps dialling Google's hosts, which this closed network refuses.
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync';

/** A page only a signed-in user sees (a document page): audited with that user's session cookie. */
export interface SignedInPage {
  /** The URL's path. */
  path: string;
  /** How the table names it. */
  label: string;
  cookie: string;
}

/** The document page's PRD: about what a filled-in template with a few rounds of AI edits holds. */
export const LIGHTHOUSE_DOCUMENT_BYTES = 20_000;

/** Issue 31's document page: a new user's PRD, opened by that user. */
export async function documentPage(base: string): Promise<SignedInPage> {
  const owner = await register(base, 'lighthouse');
  const { id } = await createDocument(base, owner, 'Lighthouse document', largeMarkdown(LIGHTHOUSE_DOCUMENT_BYTES));
  return { path: `/documents/${id}`, label: `/documents/:id (a ${LIGHTHOUSE_DOCUMENT_BYTES / 1000} kB PRD, signed in as its owner)`, cookie: owner.cookie };
}

/** One Lighthouse run (its own Chromium, mobile preset with its default simulated throttling) on one page, with `cookie` on its requests when given. */
export async function audit(url: string, outFile: string, cookie?: string): Promise<Report> {
  const args = [
    '--disable-warning=ExperimentalWarning',
    fromRoot('node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outFile}`,
    `--only-categories=${LIGHTHOUSE_CATEGORIES.join(',')}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  const code = await run(process.execPath, args, { CHROME_PATH: CHROME });
  if (code !== 0) throw new Error(`Lighthouse exited with ${code} on ${url}`);
  return JSON.parse(readFileSync(outFile, 'utf8')) as Report;
}

const score = (report: Report, category: LighthouseCategory): number => {
  const value = report.categories[category]?.score;
  if (value === null || value === undefined) throw new Error(`Lighthouse gave no ${category} score`);
  return Math.round(value * 100);
};

const metric = (report: Report, id: string): number => report.audits[id]?.numericValue ?? Number.NaN;

/**
 * Lighthouse on each page of the target, and on `signedIn` pages (issue 31: a document page), `runs` times each (its
 * performance score moves from run to run), one page after another so the runs do not compete for the CPU.
 */
export async function measureLighthouse(base: string, workDir: string, runs: number, signedIn: SignedInPage[] = []): Promise<LighthouseFigures> {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const pages: PageScores[] = [];
  const targets = [...LIGHTHOUSE_PAGES.map((page) => ({ path: page, label: page, cookie: undefined })), ...signedIn];
  for (const { path: page, label, cookie } of targets) {
    const reports: Report[] = [];
    for (let i = 0; i < runs; i++) reports.push(await audit(new URL(page, base).toString(), path.join(workDir, `${page.replace(/\W/g, '_') || 'home'}-${i}.json`), cookie));
    const byPerformance = [...reports].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const median = byPerformance[Math.floor(byPerformance.length / 2)]!;
    const scores = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((c) => [c, spread(reports.map((r) => score(r, c)))])) as Record<LighthouseCategory, Spread>;
    pages.push({
      page: label,
      scores,
      metrics: {
        fcpMs: metric(median, 'first-contentful-paint'),
        lcpMs: metric(median, 'largest-contentful-paint'),
        tbtMs: metric(median, 'total-blocking-time'),
        cls: metric(median, 'cumulative-layout-shift'),
      },
    });
  }
  return { runsPerPage: runs, pages };
}
