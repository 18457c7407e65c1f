import { describe, expect, it } from '@jest/globals';
import { JSDOM } from 'jsdom';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { readFileSync } from 'node:fs';
import { markdownToDocx } from './markdown-docx.js';

const fixture = readFileSync(new URL('../../test/fixtures/every-construct.md', import.meta.url), 'utf8');
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HYPERLINK = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink';
const { DOMParser } = new JSDOM('').window;

/** Every file of the .docx, each XML part parsed (a part that is not well-formed XML fails the test). */
async function unpack(docx: Buffer): Promise<Map<string, Document>> {
  const zip = await JSZip.loadAsync(docx);
  const parts = new Map<string, Document>();
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    const xml = await file.async('string');
    const parsed = new DOMParser().parseFromString(xml, 'application/xml');
    expect([file.name, parsed.getElementsByTagName('parsererror').length]).toEqual([file.name, 0]);
    parts.set(file.name, parsed);
  }
  return parts;
}

function part(parts: Map<string, Document>, name: string): Document {
  const found = parts.get(name);
  if (!found) throw new Error(`${name} is not in the package`);
  return found;
}

const relationships = (rels: Document) =>
  [...rels.getElementsByTagName('Relationship')].map((r) => ({
    id: r.getAttribute('Id'),
    type: r.getAttribute('Type'),
    target: r.getAttribute('Target'),
    mode: r.getAttribute('TargetMode'),
  }));

const text = (doc: Document) => [...doc.getElementsByTagNameNS(W, 't')].map((t) => t.textContent).join('');

describe('the Word package', () => {
  it('is a zip of well-formed XML parts, each with its content type, whose relationships all lead to parts in it', async () => {
    const parts = await unpack(await markdownToDocx({ title: 'Checkout Redesign', markdown: fixture }));
    expect([...parts.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'docProps/app.xml',
      'docProps/core.xml',
      'word/_rels/document.xml.rels',
      'word/document.xml',
      'word/numbering.xml',
      'word/settings.xml',
      'word/styles.xml',
    ]);

    const types = part(parts, '[Content_Types].xml');
    const overrides = new Map([...types.getElementsByTagName('Override')].map((o) => [o.getAttribute('PartName'), o.getAttribute('ContentType')]));
    const defaults = new Map([...types.getElementsByTagName('Default')].map((d) => [d.getAttribute('Extension'), d.getAttribute('ContentType')]));
    for (const name of parts.keys()) expect([name, overrides.get(`/${name}`) ?? defaults.get(name.split('.').pop() ?? '')]).toEqual([name, expect.any(String)]);
    for (const name of overrides.keys()) expect(parts.has(name?.slice(1) ?? '')).toBe(true);
    expect(overrides.get('/word/document.xml')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml');

    const root = relationships(part(parts, '_rels/.rels'));
    expect(root.map((r) => [r.type?.split('/').pop(), r.target])).toEqual([
      ['officeDocument', 'word/document.xml'],
      ['core-properties', 'docProps/core.xml'],
      ['extended-properties', 'docProps/app.xml'],
    ]);
    const fromDocument = relationships(part(parts, 'word/_rels/document.xml.rels'));
    for (const rel of fromDocument) {
      if (rel.type === HYPERLINK) expect(rel.mode).toBe('External');
      else expect(parts.has(`word/${rel.target}`)).toBe(true);
    }
    expect(fromDocument.filter((r) => r.type !== HYPERLINK).map((r) => r.type?.split('/').pop())).toEqual(['styles', 'numbering', 'settings']);

    // Every relationship the body refers to exists, and every list it numbers is defined.
    const body = part(parts, 'word/document.xml');
    const ids = new Set(fromDocument.map((r) => r.id));
    for (const link of body.getElementsByTagNameNS(W, 'hyperlink')) expect(ids.has(link.getAttributeNS(R, 'id'))).toBe(true);
    const numIds = new Set([...part(parts, 'word/numbering.xml').getElementsByTagNameNS(W, 'num')].map((n) => n.getAttributeNS(W, 'numId')));
    for (const numId of body.getElementsByTagNameNS(W, 'numId')) expect(numIds.has(numId.getAttributeNS(W, 'val'))).toBe(true);
    // Every style the body uses is defined.
    const styles = new Set([...part(parts, 'word/styles.xml').getElementsByTagNameNS(W, 'style')].map((s) => s.getAttributeNS(W, 'styleId')));
    for (const tag of ['pStyle', 'rStyle']) for (const used of body.getElementsByTagNameNS(W, tag)) expect([tag, styles.has(used.getAttributeNS(W, 'val'))]).toEqual([tag, true]);

    const core = part(parts, 'docProps/core.xml');
    expect(core.getElementsByTagName('dc:title')[0]?.textContent).toBe('Checkout Redesign');
    expect(core.getElementsByTagName('dc:creator')[0]?.textContent).toBe('PRD Studio');
  });

  it('escapes markup characters and leaves out characters XML cannot hold, in the text, the title and link addresses', async () => {
    const markdown = [
      'Fish & chips cost < 5 > 3 "quoted" \'single\' A\u0007B\u000BC\u001FD\uFFFEE',
      '',
      'Unpaired \uD800 surrogate, paired 🚀 emoji.',
      '',
      '[query](https://example.com/search?a=1&b=<2>) and `a && b < c`',
      '',
      '```',
      '<script>alert("&amp;")</script>',
      '```',
    ].join('\n');
    const docx = await markdownToDocx({ title: 'R&D <draft> "v2"\u0001', markdown });
    const parts = await unpack(docx);
    const body = text(part(parts, 'word/document.xml'));
    expect(body).toContain('R&D <draft> "v2"Fish & chips cost < 5 > 3 "quoted" \'single\' ABCDE');
    expect(body).toContain('Unpaired  surrogate, paired 🚀 emoji.');
    expect(body).toContain('query and a && b < c');
    expect(body).toContain('<script>alert("&amp;")</script>');
    expect(part(parts, 'docProps/core.xml').getElementsByTagName('dc:title')[0]?.textContent).toBe('R&D <draft> "v2"');

    const { value: html } = await mammoth.convertToHtml({ buffer: docx });
    const read = new JSDOM(html).window.document;
    expect([...read.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://example.com/search?a=1&b=%3C2%3E']);
  });

  it('links every use of an address through one relationship', async () => {
    const markdown = '[one](https://example.com/a) [two](https://example.com/a) [three](https://example.com/b) <https://example.com/a>';
    const parts = await unpack(await markdownToDocx({ title: 'Links', markdown }));
    const links = relationships(part(parts, 'word/_rels/document.xml.rels')).filter((r) => r.type === HYPERLINK);
    expect(links.map((r) => r.target)).toEqual(['https://example.com/a', 'https://example.com/b']);
    const used = [...part(parts, 'word/document.xml').getElementsByTagNameNS(W, 'hyperlink')].map((h) => h.getAttributeNS(R, 'id'));
    const byId = new Map(links.map((r) => [r.id, r.target]));
    expect(used.map((id) => byId.get(id ?? ''))).toEqual(['https://example.com/a', 'https://example.com/a', 'https://example.com/b', 'https://example.com/a']);
  });
});
