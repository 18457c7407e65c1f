import { describe, expect, it } from '@jest/globals';
import { projectContext } from './project-context';

describe('projectContext', () => {
  it('lists the project, then each document as "Document: title" with its content (docs/product.md §7)', () => {
    const text = projectContext({ name: 'Calendars', description: 'Shared team calendars' }, [
      { title: 'PRD', content: '# PRD\nGoals' },
      { title: 'Personas', content: 'Nina' },
    ]);
    expect(text).toBe('Project: Calendars\n\nDescription: Shared team calendars\n\nDocument: PRD\n# PRD\nGoals\n\nDocument: Personas\nNina');
  });

  it('leaves out a blank description', () => {
    expect(projectContext({ name: 'Solo', description: '' }, [])).toBe('Project: Solo');
  });
});
