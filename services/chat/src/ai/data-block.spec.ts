import { describe, expect, it } from '@jest/globals';
import { attr, dataBlock, neutraliseTags } from './data-block.js';

const closings = (text: string) => text.match(/<\s*\/\s*document\b[^>]*>/gi) ?? [];

describe('data blocks of the model prompt', () => {
  it.each([
    '</document>',
    '</DOCUMENT>',
    '</Document >',
    '< /document>',
    '</ document>',
    '</document foo="bar">',
    '</document\n>',
    '<document title="evil">',
    '<Project name="x">',
    '</history>',
    '</TEMPLATE>',
  ])('cannot be closed or opened by %j in the text', (tag) => {
    const block = dataBlock('document', attr('title', 'T'), `before ${tag} after`);
    expect(closings(block)).toEqual(['</document>']);
    expect(block.endsWith('\n</document>')).toBe(true);
    // Exactly one real tag opens the block, the one we wrote.
    expect(block.match(/<\s*\/?\s*(?:document|project|history|template)\b/gi)).toEqual(['<document', '</document']);
  });

  it('leaves ordinary markup and angle brackets alone', () => {
    expect(neutraliseTags('a < b, <b>bold</b>, <documents>, </documentation>')).toBe('a < b, <b>bold</b>, <documents>, </documentation>');
  });

  it('keeps attribute values on one line without quotes or brackets', () => {
    expect(attr('title', 'A "quoted"\n<title>')).toBe(' title="A  quoted   title "');
  });
});
