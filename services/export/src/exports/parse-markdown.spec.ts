import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parseMarkdown, parsePieces, parseWhole, PIECE_SIZE } from './parse-markdown.js';

/** The tree without source positions, which are relative to a piece when parsed in pieces. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'position')
        .map(([key, v]) => [key, shape(v)]),
    );
  }
  return value;
}

/** Enough ordinary sections to fill the first piece, so that `then` starts right where a piece may be cut. */
const SECTION = '## Section\n\nA paragraph of the requirements.\n\n- one item\n- another item\n\n';
const filler = () => SECTION.repeat(Math.ceil(PIECE_SIZE / SECTION.length));

/** A section that ends in a closed code block, as many PRD sections do, right before the next heading. */
const CODE_SECTION = '## Rollout\n\nSteps:\n\n- flag\n- ramp\n\n```json\n{ "rollout": "10%" }\n```\n\n';
const codeSections = (pieces: number) => CODE_SECTION.repeat(Math.ceil((pieces * PIECE_SIZE) / CODE_SECTION.length));

const fixture = readFileSync(new URL('../../test/fixtures/every-construct.md', import.meta.url), 'utf8');
const withoutDefinitions = fixture.slice(0, fixture.indexOf('See the [specification]'));

describe('parseMarkdown', () => {
  const cases: [string, string][] = [
    ['a long document of every construct', withoutDefinitions.repeat(24)],
    ['a fenced code block with # comment lines across a cut', `${filler()}\`\`\`bash\n${'# install\nnpm ci\n'.repeat(400)}\`\`\`\n\n# After\n`],
    ['an unclosed fence swallowing later headings', `${filler()}\`\`\`\n${'# not a heading\ntext\n'.repeat(400)}`],
    ['closed code blocks right before every cut', codeSections(4)],
    ['a four-backtick fence that a three-backtick line inside does not close', `${filler()}\`\`\`\`md\n${'```\n# inside\n'.repeat(300)}\`\`\`\`\n\n# After\n`],
    ['a tilde fence holding # lines across a cut', `${filler()}~~~\n${'# shell comment\n'.repeat(600)}~~~\n\n# After\n`],
    ['an HTML comment holding # lines across a cut', `${filler()}<!--\n${'# hidden\n'.repeat(600)}-->\n\n# Shown\n`],
    ['a #hashtag line continuing a paragraph at a cut', `${filler()}Tagged with\n#launch and more\n\n# Next\n`],
    ['a reference link whose definition comes a piece later', `See [the spec][spec].\n\n${filler()}\n[spec]: https://example.com/spec\n`],
    ['a footnote defined a piece after its use', `Risk[^1].\n\n${filler()}\n[^1]: Outages.\n`],
  ];

  it.each(cases)('gives the same tree as a parse of the whole text: %s', (_name, markdown) => {
    expect(markdown.length).toBeGreaterThan(PIECE_SIZE);
    expect(shape(parseMarkdown(markdown))).toEqual(shape(parseWhole(markdown)));
  });

  it('keeps a piece boundary after a closed code block, so such documents are not parsed whole', () => {
    expect(parsePieces(codeSections(4))!.length).toBeGreaterThanOrEqual(4);
  });

  it('parses a short document whole', () => {
    expect(parseMarkdown('# Title\n\nText')).toEqual(parseWhole('# Title\n\nText'));
  });
});
