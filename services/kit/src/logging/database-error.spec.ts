import { describe, expect, it } from '@jest/globals';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describeQuery, summariseDatabaseError } from './database-error.js';
import { serializeError } from './logger.js';

/** What node-postgres throws: a message that may quote a value, a SQLSTATE, a detail naming the row. */
function driverError(message: string, fields: Record<string, string>): Error {
  return Object.assign(new Error(message), { severity: 'ERROR', ...fields });
}

describe('database errors in logs', () => {
  it('names the operation and the table of a statement', () => {
    expect(describeQuery('insert into "users" ("username", "email") values ($1, $2) returning "id"')).toEqual({ operation: 'insert', table: 'users' });
    expect(describeQuery('update "documents" set "content" = $1 where "id" = $2')).toEqual({ operation: 'update', table: 'documents' });
    expect(describeQuery('delete from "chat_messages" where "thread_id" = $1')).toEqual({ operation: 'delete', table: 'chat_messages' });
    expect(describeQuery('select "id", "title" from "documents" where "owner_id" = $1')).toEqual({ operation: 'select', table: 'documents' });
    expect(describeQuery('SELECT pg_advisory_lock($1)')).toEqual({ operation: 'select' });
  });

  it('keeps no bound parameter, quoted value or detail of a failed sign-up', () => {
    const email = 'alice.secret@example.com';
    const hash = 'scrypt$131072$8$1$c2FsdA==$aGFzaA==';
    const cause = driverError(`duplicate key value violates unique constraint "users_email_lower_idx" (${email})`, {
      code: '23505',
      constraint: 'users_email_lower_idx',
      detail: `Key (lower(email))=(${email}) already exists.`,
    });
    const error = new DrizzleQueryError('insert into "users" ("username", "email", "password_hash") values ($1, $2, $3)', ['alice', email, hash], cause);
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain(email);
    expect(logged).not.toContain(hash);
    expect(logged).not.toContain('alice');
    expect(summariseDatabaseError(error)).toMatchObject({
      operation: 'insert',
      table: 'users',
      code: '23505',
      constraint: 'users_email_lower_idx',
      message: 'Database error 23505 in insert on users',
    });
  });

  it('leaves other errors as pino writes them', () => {
    expect(summariseDatabaseError(new Error('plain'))).toBeNull();
    expect(serializeError(new Error('plain'))).toMatchObject({ type: 'Error', message: 'plain' });
  });
});
