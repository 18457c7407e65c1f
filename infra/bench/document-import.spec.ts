import { describe, expect, it } from '@jest/globals';
import { convertFile } from '@prd/content/import/convert-file';
import { markdownToDocx } from '@prd/export/exports/markdown-docx';
import { largeMarkdown } from './large-document.ts';

/** A PRD with every construct the Word export writes and the import reads back, in the markdown both write. */
const PRD = `# Checkout PRD

## Problem

Teams lose **4 hours** a week; the _current process_ relies on ~copied~ spreadsheets and \`REQ-1\`. See [the research](https://example.com/research?q=1).

### Goals

1. Cut the time to approval
   1. by half
2. Link every requirement

- As a reviewer, I want comments
  - nested under the story
- [ ] an open task
- [x] a done task

> Decision: requirements stay in markdown.
>
> Exports are generated.

| **Metric** | **Baseline** | **Target** |
| --- | --- | --- |
| Time to approval | 9 days | 3 days |

\`\`\`
{ "feature": 1,
\t"flag": "capability-1" }
\`\`\``;

const roundTrip = async (markdown: string, title: string) => {
  const data = await markdownToDocx({ title, markdown });
  return (await convertFile({ name: `${title}.docx`, data })).documents[0]!.content;
};

describe('the Word file the benchmark imports: the product’s own export, read back by the import', () => {
  it('comes back as the markdown it was exported from: title, headings, marks, links, nested and task lists, quotes, tables and code', async () => {
    expect(await roundTrip(PRD, 'Checkout PRD')).toBe(PRD);
  });

  it('keeps every section of the benchmark’s large PRD (its soft line breaks joined, code languages and the header row’s plain text aside)', async () => {
    const markdown = largeMarkdown(20_000);
    const imported = await roundTrip(markdown, 'Benchmark');
    const expected = `# Benchmark\n\n${markdown
      .replace(/([^\n])\n(?=[a-z])/g, '$1 ')
      .replace(/^```json$/gm, '```')
      .replace(/^\| Metric \| Baseline \| Target \|$/gm, '| **Metric** | **Baseline** | **Target** |')
      .trim()}`;
    expect(imported).toBe(expected);
  });
});
