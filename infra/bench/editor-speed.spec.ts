import { describe, expect, test } from '@jest/globals';
import { lastHeading } from './editor-speed.ts';
import { largeMarkdown } from './large-document.ts';

describe('the text that says the editor holds the whole document', () => {
  test('is the last heading of the markdown that no other heading repeats, as the editor shows it (marks and closing hashes dropped)', () => {
    expect(lastHeading('# Title\n\nText with # inside\n\n## **Goals** ##\n\n## Notes\n\n### Last `one`\n\n## Notes\n\nbody\n')).toBe('Last one');
    expect(lastHeading('# Title\n\n## **Goals** ##\n\ntext\n')).toBe('Goals');
  });

  test("is the benchmark document's last feature section", () => {
    const markdown = largeMarkdown(100_000);
    const sections = markdown.match(/^## Feature \d+: .+$/gm)!;
    expect(lastHeading(markdown)).toBe(sections.at(-1)!.slice(3));
  });

  test('a document without a heading is an error, not a wait for nothing', () => {
    expect(() => lastHeading('just text\n\n## Twice\n\n## Twice\n')).toThrow('the document has no heading of its own');
  });
});
