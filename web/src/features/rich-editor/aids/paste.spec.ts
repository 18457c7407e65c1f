/** @jest-environment jsdom */
import '../../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Editor } from '@tiptap/core';
import { COLLAB_PASTE_MAX_CHARS } from '@prd/proto';
import { looksLikeMarkdown } from './paste';
import { createEditor, markdownOf, paste } from './test/editor-harness';

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  document.body.replaceChildren();
});

/** What Google Docs puts on the clipboard (Chrome, 2025): every run styled, the whole copy in a bold that is not bold. */
const GOOGLE_DOCS = [
  '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-6f3a9c1e-7fff-8d2b-41c0-0a4b5e6f7d8c">',
  '<h1 dir="ltr" style="line-height:1.38;margin-top:20pt;margin-bottom:6pt;"><span style="font-size:20pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Checkout redesign</span></h1>',
  '<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Shoppers abandon carts at the </span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:700;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">payment step</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:italic;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">, mostly on phones</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">.</span></p>',
  '<br><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Fewer fields</span></p></li>',
  '<li dir="ltr" style="list-style-type:disc;font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><a href="https://pay.example.com/apple" style="text-decoration:none;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#1155cc;background-color:transparent;font-weight:400;text-decoration:underline;-webkit-text-decoration-skip:none;text-decoration-skip-ink:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Apple Pay</span></a></p></li></ul>',
  '<br><ul style="margin-top:0;margin-bottom:0;padding-inline-start:28px;"><li dir="ltr" role="checkbox" aria-checked="true" style="list-style-type:none;font-size:11pt;" aria-level="1"><img src="data:image/png;base64,iVBORw0KGgo=" width="17.6px" height="17.6px" alt="checked" aria-roledescription="checkbox" style="margin-right:3px;"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;display:inline-block;vertical-align:top;margin-top:0;" role="presentation"><span style="font-size:11pt;font-family:Arial,sans-serif;text-decoration:line-through;font-weight:400;white-space:pre-wrap;">Interview five shoppers</span></p></li>',
  '<li dir="ltr" role="checkbox" aria-checked="false" style="list-style-type:none;font-size:11pt;" aria-level="1"><img src="data:image/png;base64,iVBORw0KGgo=" width="17.6px" height="17.6px" alt="unchecked" aria-roledescription="checkbox" style="margin-right:3px;"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;display:inline-block;vertical-align:top;margin-top:0;" role="presentation"><span style="font-size:11pt;font-family:Arial,sans-serif;font-weight:400;white-space:pre-wrap;">Ship the new form</span></p></li></ul>',
  '</b><br class="Apple-interchange-newline">',
].join('');

/** What Word for Windows puts on the clipboard: lists as `mso-list` paragraphs, bullets and numbers in conditional markup. */
const WORD = `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40">
<head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=ProgId content=Word.Document><meta name=Generator content="Microsoft Word 15"><meta name=Originator content="Microsoft Word 15">
<style><!-- p.MsoNormal, li.MsoNormal, div.MsoNormal {margin:0cm; font-size:11.0pt; font-family:"Calibri",sans-serif;} @list l0:level1 {mso-level-number-format:bullet;} --></style></head>
<body lang=EN-GB style='tab-interval:36.0pt;word-wrap:break-word'>
<!--StartFragment-->
<h2>Goals<o:p></o:p></h2>
<p class=MsoNormal>Reduce <b>drop-off</b> at <i>payment</i>.<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Fewer fields<o:p></o:p></p>
<p class=MsoListParagraphCxSpMiddle style='margin-left:72.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l0 level2 lfo1'><![if !supportLists]><span style='font-family:"Courier New";mso-fareast-font-family:"Courier New"'><span style='mso-list:Ignore'>o<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Address autocomplete<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Apple Pay<o:p></o:p></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-bidi-font-family:Calibri'><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Measure<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-bidi-font-family:Calibri'><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Ship<o:p></o:p></p>
<!--EndFragment-->
</body></html>`;

/** What Notion puts on the clipboard for a heading and to-dos. */
const NOTION =
  '<meta charset="utf-8"><h2>Launch</h2><ul class="to-do-list"><li><div class="checkbox checkbox-off"></div> <span class="to-do-children-unchecked">Write the PRD</span></li><li><div class="checkbox checkbox-on"></div> <span class="to-do-children-checked">Kick-off</span></li></ul><pre><code class="language-ts">const done = true;</code></pre>';

describe('paste into the editor', () => {
  it('turns Google Docs HTML into clean structure: its bold wrapper makes nothing bold, its checklist becomes tasks', () => {
    editor = createEditor();
    paste(editor, { 'text/html': GOOGLE_DOCS, 'text/plain': 'Checkout redesign\nShoppers abandon carts…' });
    expect(markdownOf(editor)).toBe(
      [
        '# Checkout redesign',
        '',
        'Shoppers abandon carts at the **payment step**_, mostly on phones_.',
        '',
        '- Fewer fields',
        '- [Apple Pay](https://pay.example.com/apple)',
        '',
        '- [x] ~~Interview five shoppers~~',
        '- [ ] Ship the new form',
        '',
      ].join('\n'),
    );
  });

  it('turns Word HTML into clean structure: its mso-list paragraphs become nested bullet and numbered lists', () => {
    editor = createEditor();
    paste(editor, { 'text/html': WORD, 'text/plain': 'Goals\nReduce drop-off at payment.' });
    expect(markdownOf(editor)).toBe(
      ['## Goals', '', 'Reduce **drop-off** at _payment_.', '', '- Fewer fields', '  - Address autocomplete', '- Apple Pay', '', '1. Measure', '2. Ship', ''].join('\n'),
    );
  });

  it('turns Notion HTML into clean structure: its to-dos become tasks', () => {
    editor = createEditor();
    paste(editor, { 'text/html': NOTION, 'text/plain': '## Launch' });
    expect(markdownOf(editor)).toBe(['## Launch', '', '- [ ] Write the PRD', '- [x] Kick-off', '', '```ts', 'const done = true;', '```', ''].join('\n'));
  });

  it('parses pasted plain text that reads as markdown into structure: headings, lists, tasks, tables, fences', () => {
    editor = createEditor();
    const markdown = [
      '## Scope',
      '',
      '- One',
      '- Two',
      '  - Nested',
      '',
      '- [ ] Decide',
      '',
      '| Metric | Target |',
      '| --- | --- |',
      '| Conversion | 3% |',
      '',
      '```ts',
      'const x = 1;',
      '```',
      '',
    ].join('\n');
    paste(editor, { 'text/plain': markdown });
    const json = editor.getJSON();
    expect(json.content.map((node) => node.type)).toEqual(['heading', 'bulletList', 'taskList', 'table', 'codeBlock']);
    expect(markdownOf(editor)).toBe(
      markdown.replace('| Metric | Target |\n| --- | --- |\n| Conversion | 3% |', '| Metric     | Target |\n| ---------- | ------ |\n| Conversion | 3%     |'),
    );
  });

  it('prefers the markdown of text a code editor copied with colour-only HTML', () => {
    editor = createEditor();
    const html =
      '<meta charset="utf-8"><div style="color: #d4d4d4;background-color: #1e1e1e;white-space: pre;"><div><span style="color: #569cd6;"># Title</span></div><div><span>- item</span></div></div>';
    paste(editor, { 'text/html': html, 'text/plain': '# Title\n- item\n' });
    expect(markdownOf(editor)).toBe('# Title\n\n- item\n');
  });

  it('pastes a markdown block into a paragraph after its text, the document around it kept', () => {
    editor = createEditor('Intro text.\n\nLast paragraph.\n');
    editor.commands.setTextSelection(12); // after "Intro text."
    paste(editor, { 'text/plain': '- a\n- b\n' });
    expect(markdownOf(editor)).toBe('Intro text.\n\n- a\n- b\n\nLast paragraph.\n');
  });

  it('keeps plain text as text: prose, and anything pasted into a code block', () => {
    editor = createEditor('```\n\n```\n');
    editor.commands.setTextSelection(1);
    paste(editor, { 'text/plain': '# not a heading\n- nor a list' });
    expect(markdownOf(editor)).toBe('```\n# not a heading\n- nor a list\n```\n');
    expect(looksLikeMarkdown('We grew 3. Then 4.')).toBe(false);
    expect(looksLikeMarkdown('Line one\nline two')).toBe(false);
    expect(looksLikeMarkdown('Steps:\n1. Open\n2. Pay')).toBe(true);
  });

  it('refuses a paste longer than the live connection takes at once, and says so', () => {
    const refused: string[] = [];
    editor = createEditor('Intro.\n', { onPasteRefused: () => refused.push('refused') });
    paste(editor, { 'text/plain': 'x'.repeat(COLLAB_PASTE_MAX_CHARS + 1) });
    expect(markdownOf(editor)).toBe('Intro.\n');
    expect(refused).toEqual(['refused']);
    paste(editor, { 'text/plain': ' and more' });
    expect(markdownOf(editor)).toBe('Intro. and more\n');
  });
});
