import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { pdfFonts, pdfInfo, pdfLinks, pdfOutline, pdfText } from '../../test/pdf-tools.js';
import { markdownToPdf } from './markdown-pdf.js';

const fixture = readFileSync(new URL('../../test/fixtures/every-construct.md', import.meta.url), 'utf8');

/** The text of a PDF with its line ends and page breaks read as spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Asserts that each of `parts` appears in `text`, in this order. */
function expectInOrder(text: string, parts: string[]): void {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect({ part, found: at >= 0 }).toEqual({ part, found: true });
    from = at + part.length;
  }
}

describe('markdownToPdf', () => {
  it('writes the title once, then every construct of the markdown in order, as text a reader can copy', async () => {
    const pdf = await markdownToPdf({ title: 'Checkout Redesign', markdown: fixture, size: 'a4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat(pdfText(pdf));
    expectInOrder(text, [
      'Checkout Redesign',
      'Overview',
      'This PRD covers faster payment, clearer errors, retryPayment(), gift wrapping and the research notes.',
      'Goals',
      '• Cut checkout time in half',
      '◦ Mobile first',
      '▪ Apple Pay',
      '1. Discovery',
      '2. Design',
      '1. Wireframes',
      '4. Beta',
      '5. General availability',
      'Tasks',
      '☑ Write the brief',
      '☐ Review with legal',
      'Metrics',
      'Metric',
      'Notes',
      'Customers abandon slow checkouts.',
      'Support tickets agree.',
      'const total = items.reduce((sum, item) => sum + item.price, 0);',
      'return total;',
      'Checkout flow (https://example.com/flow.png)',
      'See the specification and the footnote[risk].',
      '[risk] Payment provider outages.',
    ]);
    // Each row of the table on one line of the page, its cells in their columns.
    const rows = pdfText(pdf, { layout: true }).split('\n');
    for (const row of [/^\s*Metric\s+Target\s+Owner$/, /^\s*Conversion\s+\+5%\s+Growth$/, /^\s*Latency\s+under 200 ms\s+Platform$/]) {
      expect(rows.filter((line) => row.test(line))).toHaveLength(1);
    }
    // The markdown's own `# Checkout Redesign` is the title, not written twice.
    expect(text.split('Checkout Redesign')).toHaveLength(2);
    expect(pdfInfo(pdf)).toMatchObject({ Title: 'Checkout Redesign', 'Page size': '595.28 x 841.89 pts (A4)' });
  });

  it('makes every heading a bookmark that opens its page, nested under the heading above it', async () => {
    const markdown = '# Plan\n\nIntro.\n\n## Goals\n\n### Metrics\n\n## Scope\n\n#### Deep\n\n# Appendix\n\n## Glossary & *terms*\n';
    const pdf = await markdownToPdf({ title: 'Launch', markdown, size: 'a4' });
    const entry = (title: string, children: unknown[] = []) => ({ title, page: 1, children });
    expect(pdfOutline(pdf)).toEqual([entry('Plan', [entry('Goals', [entry('Metrics')]), entry('Scope', [entry('Deep')])]), entry('Appendix', [entry('Glossary & terms')])]);
    const fixtureOutline = pdfOutline(await markdownToPdf({ title: 'Checkout Redesign', markdown: fixture, size: 'a4' }));
    expect(fixtureOutline).toEqual([entry('Overview', [entry('Goals', [entry('Tasks', [entry('Metrics', [entry('Notes')])])])])]);
  });

  it('points each bookmark at the page its heading is on', async () => {
    const sections = Array.from({ length: 6 }, (_, i) => `## Section ${i + 1}\n\n${'A line of requirements text that fills the page. '.repeat(120)}\n`).join('\n');
    const pdf = await markdownToPdf({ title: 'Long', markdown: sections, size: 'a4' });
    const pages = pdfText(pdf).split('\f');
    const outline = pdfOutline(pdf);
    expect(outline.map((b) => b.title)).toEqual(['Section 1', 'Section 2', 'Section 3', 'Section 4', 'Section 5', 'Section 6']);
    for (const bookmark of outline) expect(pages[bookmark.page - 1]).toContain(bookmark.title);
    expect(outline.at(-1)!.page).toBeGreaterThan(1);
  });

  it('makes http, https and mailto links clickable, and leaves any other address as plain text', async () => {
    const markdown = [
      '[site](https://example.com/a) [plain](http://example.com/b) [mail](mailto:team@example.com)',
      '[ftp](ftp://example.com/f) [relative](/docs/spec) [anchor](#goals) [page](spec.md)',
      // markdown-it itself reads these as text, not as links.
      '[script](javascript:alert(1)) [file](file:///etc/passwd)',
      'An address typed out: https://example.com/auto and ![diagram](https://example.com/d.png).',
    ].join('\n\n');
    const pdf = await markdownToPdf({ title: 'Links', markdown, size: 'a4' });
    expect([...new Set(pdfLinks(pdf))]).toEqual([
      'https://example.com/a',
      'http://example.com/b',
      'mailto:team@example.com',
      'https://example.com/auto',
      'https://example.com/d.png',
    ]);
    expect(flat(pdfText(pdf))).toContain('ftp relative anchor page [script](javascript:alert(1)) [file](file:///etc/passwd)');
  });

  it('embeds its fonts, which cover Latin, Greek and Cyrillic text', async () => {
    const markdown = '## Ελληνικά\n\nΗ γρήγορη καφέ αλεπού.\n\n## Русский\n\nСъешь же ещё этих мягких французских булок.\n\nÅngström, Straße, Łódź, `код`, **жирный**, *κλίση*.';
    const pdf = await markdownToPdf({ title: 'Café Ünïcode', markdown, size: 'a4' });
    const text = flat(pdfText(pdf));
    for (const part of [
      'Café Ünïcode',
      'Ελληνικά',
      'Η γρήγορη καφέ αλεπού.',
      'Русский',
      'Съешь же ещё этих мягких французских булок.',
      'Ångström, Straße, Łódź, код, жирный, κλίση.',
    ]) {
      expect(text).toContain(part);
    }
    const fonts = pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThanOrEqual(4);
    expect(fonts.every((font) => font.embedded && /\+DejaVuSans/.test(font.name))).toBe(true);
    expect(pdfOutline(pdf).map((b) => b.title)).toEqual(['Ελληνικά', 'Русский']);
  });

  it('numbers every page on US Letter, and repeats a long table’s header row on each page it continues on', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => `| Requirement ${i + 1} | Owner ${i + 1} |`).join('\n');
    const pdf = await markdownToPdf({ title: 'Table', markdown: `| Requirement | Owner |\n| --- | --- |\n${rows}\n`, size: 'letter' });
    const info = pdfInfo(pdf);
    expect(info['Page size']).toBe('612 x 792 pts (letter)');
    const count = Number(info.Pages);
    expect(count).toBeGreaterThan(1);
    const pages = pdfText(pdf).split('\f').slice(0, count);
    pages.forEach((page, i) => {
      expect(flat(page)).toContain(`Page ${i + 1} of ${count}`);
      expect(page).toContain('Requirement\n');
    });
    expect(flat(pdfText(pdf))).toContain('Requirement 120 Owner 120');
  });

  it('leaves out control characters, which no font draws', async () => {
    const pdf = await markdownToPdf({ title: 'Controls', markdown: 'bad\u0002 \u0007chars\u001f and `co\u0008de`\n\n```\nline\u0001 one\r\n```\n', size: 'a4' });
    const text = flat(pdfText(pdf));
    expect(text).toContain('bad chars and code line one');
  });

  it('cuts a word or a code line wider than the page instead of losing its end', async () => {
    const long = `x${'0123456789'.repeat(30)}y`;
    const pdf = await markdownToPdf({ title: 'Wide', markdown: `${long}\n\n\`\`\`\n${long}\n\`\`\`\n`, size: 'a4' });
    const text = pdfText(pdf).replace(/\s+/g, '');
    expect(text.split(long)).toHaveLength(3);
  });
});
