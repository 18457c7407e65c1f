/**
 * A PRD-shaped markdown document of at least `bytes` bytes (ASCII, so characters = bytes): repeated
 * feature sections with headings, paragraphs with inline marks, lists, user stories, a table and a
 * code block — every construct the Word export converts.
 */
export function largeMarkdown(bytes: number): string {
  const parts = ['# Benchmark product requirements\n\n_A large document for the Word export benchmark._\n'];
  let size = parts[0]!.length;
  for (let n = 1; size < bytes; n++) {
    const section = `
## Feature ${n}: workspace capability ${n}

### Problem

Teams lose **${n} hours** a week reconciling requirements across tools. The _current process_ relies on
copied spreadsheets, and reviewers cannot see which decision replaced which. See [the research notes](https://example.com/research/${n}).

### Goals

1. Cut the time to an approved PRD by ${(n % 40) + 10}% within one quarter.
2. Every requirement links to \`REQ-${n}\` and to its acceptance criteria.
3. Reviewers comment inline without leaving the document.

### User stories

- As a product manager, I want to draft section ${n} with AI help, so that I start from a complete outline.
- As a reviewer, I want to see what changed since my last visit, so that I review only the difference.
- As an engineer, I want measurable acceptance criteria, so that I know when the work is done.

> Decision ${n}: requirements stay in markdown; exports are generated, never edited by hand.

| Metric | Baseline | Target |
| --- | --- | --- |
| Time to approval | ${n + 5} days | ${(n % 5) + 2} days |
| Review rounds | ${(n % 4) + 3} | 2 |

\`\`\`json
{ "feature": ${n}, "flag": "capability-${n}", "rollout": "10%" }
\`\`\`
`;
    parts.push(section);
    size += section.length;
  }
  return parts.join('');
}
