// The benchmark's baseline for the read path: the least a Node server can do to answer
// `GET /api/documents` — plain `http` and `pg`, no framework, no session, no validation, no logging.
// It reads the content service's list (services/content/src/documents/documents.service.ts: same
// columns, same owner filter, same order) from the content database, as a plain query whose times `pg`
// turns into Dates and JavaScript back into ISO text, and answers the same JSON. (The service itself now
// uses a prepared statement and lets PostgreSQL format the times; the baseline stays the plain way.)
// Run as its own process by the benchmark: PORT, DATABASE_URL (the content database).
import http from 'node:http';
import pg from 'pg';

const port = Number(process.env.PORT);
const databaseUrl = process.env.DATABASE_URL;
if (!port || !databaseUrl) throw new Error('raw-server needs PORT and DATABASE_URL');

// The same pool size as the services (services/kit/src/database/postgres.ts).
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

const LIST = `SELECT id, title, project_id, workspace_id, created_at, updated_at FROM documents WHERE owner_id = $1 ORDER BY updated_at DESC, id DESC`;

interface Row {
  id: number;
  title: string;
  project_id: number | null;
  workspace_id: number | null;
  created_at: Date;
  updated_at: Date;
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://raw');
  const ownerId = Number(url.searchParams.get('ownerId'));
  if (req.method !== 'GET' || url.pathname !== '/api/documents' || !Number.isInteger(ownerId)) {
    res.writeHead(404).end();
    return;
  }
  pool.query<Row>(LIST, [ownerId]).then(
    ({ rows }) => {
      const body = JSON.stringify(
        rows.map((r) => ({
          id: r.id,
          title: r.title,
          projectId: r.project_id,
          workspaceId: r.workspace_id,
          createdAt: r.created_at.toISOString(),
          updatedAt: r.updated_at.toISOString(),
        })),
      );
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(body);
    },
    (err: unknown) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(err instanceof Error ? err.message : 'query failed');
    },
  );
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1');

const stop = () => {
  server.close(() => void pool.end().then(() => process.exit(0)));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
