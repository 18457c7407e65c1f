import { describe, expect, it } from '@jest/globals';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { safeErrorText } from './ai-errors.js';

describe('safeErrorText', () => {
  it('keeps only the summary of a database error, never the parameters its message carries', () => {
    const cause = Object.assign(new Error('value too long for type character varying(200)'), { severity: 'ERROR', code: '22001' });
    const error = new DrizzleQueryError('insert into "chat_messages" ("content", "user_id") values ($1, $2)', ['my private plan for Q3', 42], cause);
    const text = safeErrorText(error);
    expect(text).toBe('Database error 22001 in insert on chat_messages');
    expect(text).not.toContain('private plan');
  });

  it('masks a key a provider quotes', () => {
    expect(safeErrorText(new Error('Incorrect API key provided: sk-abcdefgh1234'))).toBe('Error: Incorrect API key provided: sk-[redacted]');
  });
});
