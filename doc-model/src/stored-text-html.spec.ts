import { describe, expect, it } from '@jest/globals';
import { leadingBlocks, STORED_TEXT_SHOWN_CHARS, storedTextHtml } from './stored-text-html.js';

const ORIGIN = 'https://prd.example';
const html = (markdown: string) => storedTextHtml(markdown, ORIGIN);

describe('the stored text as safe HTML (the first screen from the server, the stored text in the browser)', () => {
  it('renders GitHub-flavoured markdown as the editor shows it: headings, emphasis, task lists, tables in their frame, code', () => {
    expect(html('# Launch plan\n\nWe ship **on time**\nand _well_.\n\n- [x] Scope\n- [ ] Risks\n\n| A | B |\n| - | - |\n| 1 | 2 |\n\n```ts\nconst a = 1;\n```\n')).toBe(
      '<h1>Launch plan</h1><p>We ship <strong>on time</strong> and <em>well</em>.</p>' +
        '<ul><li><input checked="" disabled="" type="checkbox"> Scope</li><li><input disabled="" type="checkbox"> Risks</li></ul>' +
        '<div class="tableWrapper"><table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table></div>' +
        '<pre><code class="language-ts">const a = 1;\n</code></pre>',
    );
  });

  it('shows raw HTML as the text it is, in blocks and inline', () => {
    expect(html('<script>alert(1)</script>\n\nA <img src=x onerror="alert(1)"> b\n')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><p>A &lt;img src=x onerror=&quot;alert(1)&quot;&gt; b</p>',
    );
  });

  it('keeps the addresses of http, https, mailto and relative links, opening apart; any other scheme leaves the text only', () => {
    expect(html('[a](https://example.com/x?y=1&z="2") [b](mailto:pm@example.com) [c](/documents/2)')).toBe(
      '<p><a href="https://example.com/x?y=1&amp;z=%222%22" target="_blank" rel="noopener noreferrer">a</a> ' +
        '<a href="mailto:pm@example.com" target="_blank" rel="noopener noreferrer">b</a> ' +
        '<a href="/documents/2" target="_blank" rel="noopener noreferrer">c</a></p>',
    );
    for (const address of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' java\tscript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x']) {
      expect(html(`[click](<${address}>)`)).toBe('<p>click</p>');
    }
    // marked leaves a character reference in an address as it is; escaped, the browser reads it as a relative address.
    expect(html('[click](jav&#x61;script:alert(1))')).toContain('href="jav&amp;#x61;script:alert(1)"');
    expect(html('<javascript:alert(1)>')).not.toContain('href');
  });

  it('shows no image whose mere showing would call this site’s API or another scheme; other images keep their address', () => {
    expect(html('![ok](https://cdn.example/a.png)')).toBe('<p><img src="https://cdn.example/a.png" alt="ok"></p>');
    for (const address of ['/api/logout', '//prd.example/api/logout', 'https://prd.example/%61pi/logout', '/x/../api/usage', 'javascript:alert(1)', 'mailto:a@b.c']) {
      expect(html(`![gone](${address})`)).toBe('<p><img alt="gone"></p>');
    }
    expect(html('![a "quoted" <alt>](https://cdn.example/a.png)')).toBe('<p><img src="https://cdn.example/a.png" alt="a &quot;quoted&quot; &lt;alt&gt;"></p>');
  });

  it('renders only the leading blocks of a long document, cut between blocks and never inside a code fence', () => {
    const text = '# Title\n\nFirst paragraph.\n\n```\ncode\n\nmore code\n```\n\nLast paragraph.\n';
    expect(leadingBlocks(text, 1000)).toBe(text);
    expect(leadingBlocks(text, text.indexOf('more code'))).toBe('# Title\n\nFirst paragraph.\n');
    expect(leadingBlocks(text, text.indexOf('Last'))).toBe('# Title\n\nFirst paragraph.\n\n```\ncode\n\nmore code\n```\n');
    expect(leadingBlocks('x'.repeat(10), 4)).toBe('xxxx');
    const long = Array.from({ length: 1000 }, (_, i) => `Paragraph ${i}.`).join('\n\n');
    const shown = html(long);
    expect(shown).toContain('<p>Paragraph 0.</p>');
    expect(shown).not.toContain('Paragraph 999.');
    expect(shown.length).toBeLessThan(STORED_TEXT_SHOWN_CHARS * 1.5);
  });
});
