/**
 * Database errors without their data (issue 14): drizzle's message carries the SQL text and every
 * bound parameter (an email and a password hash on a failed sign-up), and PostgreSQL's own message and
 * `detail` may quote a value. A log line keeps what says where it failed, never what was in it.
 */
export interface DatabaseErrorSummary {
  type: string;
  message: string;
  /** The statement's verb: select, insert, update, delete... */
  operation?: string;
  table?: string;
  /** PostgreSQL's SQLSTATE and, for constraint violations, the constraint's name. */
  code?: string;
  constraint?: string;
  /** A cause that is not the database's (a closed pool, a lost connection): its own words hold no data. */
  cause?: { type: string; message: string };
  stack?: string;
}

type Loose = Error & { query?: unknown; params?: unknown; code?: unknown; constraint?: unknown; severity?: unknown; table?: unknown };

const TABLE = /^\s*(?:with\b[\s\S]*?\)\s*)?(?:(insert)\s+into|(update)|(delete)\s+from|(select)\b[\s\S]*?\bfrom)\s+("?[\w.]+"?(?:\."?\w+"?)?)/i;

/** The verb and first table of a SQL statement. */
export function describeQuery(sql: string): { operation?: string; table?: string } {
  const match = TABLE.exec(sql);
  const operation = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase();
  if (!match) return operation ? { operation } : {};
  const verb = (match[1] ?? match[2] ?? match[3] ?? match[4])?.toLowerCase();
  return { operation: verb ?? operation, table: match[5]?.replace(/"/g, '') };
}

/** A drizzle query error (has the SQL and its parameters) or a driver error (has a SQLSTATE and a severity). */
const isQueryError = (e: Loose) => typeof e.query === 'string' && 'params' in e;
const isDriverError = (e: Loose) => typeof e.code === 'string' && typeof e.severity === 'string';

function chain(error: Error): Loose[] {
  const found: Loose[] = [];
  for (let e: unknown = error; e instanceof Error && found.length < 8; e = e.cause) found.push(e);
  return found;
}

/** The summary of an error that came from the database, or null for any other error. */
export function summariseDatabaseError(error: unknown): DatabaseErrorSummary | null {
  if (!(error instanceof Error)) return null;
  const errors = chain(error);
  const query = errors.find(isQueryError);
  const driver = errors.find(isDriverError);
  if (!query && !driver) return null;
  const described = typeof query?.query === 'string' ? describeQuery(query.query) : {};
  const table = described.table ?? (typeof driver?.table === 'string' ? driver.table : undefined);
  const code = typeof driver?.code === 'string' ? driver.code : undefined;
  const summary: DatabaseErrorSummary = {
    type: error.constructor.name,
    message: `Database error${code ? ` ${code}` : ''}${described.operation ? ` in ${described.operation}` : ''}${table ? ` on ${table}` : ''}`,
  };
  if (described.operation) summary.operation = described.operation;
  if (table) summary.table = table;
  if (code) summary.code = code;
  if (typeof driver?.constraint === 'string') summary.constraint = driver.constraint;
  const other = errors.find((e) => e !== error && !isQueryError(e) && !isDriverError(e));
  if (other && !driver) summary.cause = { type: other.constructor.name, message: other.message };
  // The stack's first line repeats the message: only the frames are kept.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  if (frames.length > 0) summary.stack = frames.join('\n');
  return summary;
}
