import { describe, expect, it } from '@jest/globals';
import { splitStreamingMarkdown } from './streaming-markdown';

describe('splitStreamingMarkdown', () => {
  it('keeps whole blocks apart from the block still being written', () => {
    expect(splitStreamingMarkdown('# Title\n\nFirst paragraph.\n\nSecond is grow')).toEqual({
      settled: '# Title\n\nFirst paragraph.\n',
      tail: 'Second is grow',
      tailIsRaw: false,
    });
  });

  it('shows a table as text until a blank line ends it', () => {
    const growing = splitStreamingMarkdown('Intro\n\n| a | b |\n|---|---|\n| 1 |');
    expect(growing).toMatchObject({ settled: 'Intro\n', tailIsRaw: true });
    expect(splitStreamingMarkdown('Intro\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nAfter')).toMatchObject({ tail: 'After', tailIsRaw: false });
  });

  it('never cuts inside an open code block', () => {
    const parts = splitStreamingMarkdown('Code:\n\n```ts\nconst a = 1;\n\nconst b');
    expect(parts).toEqual({ settled: 'Code:\n', tail: '```ts\nconst a = 1;\n\nconst b', tailIsRaw: true });
  });
});
