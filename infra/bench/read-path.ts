import { isDeepStrictEqual } from 'node:util';
import { createDocument, type BenchUser } from './api.ts';
import { load, type LoadFigures } from './load.ts';
import { spread, type Spread } from './spread.ts';

export const READ_PATH_DOCUMENTS = 100;
export const READ_PATH_CONNECTIONS = 50;

/** One repetition: the raw server, then the gateway, back to back. */
export interface ReadPathRepetition {
  raw: LoadFigures;
  gateway: LoadFigures;
  /** Gateway requests per second over the raw server's of the same repetition. */
  ratio: number;
}

export interface ReadPathFigures {
  documents: number;
  repetitions: ReadPathRepetition[];
  gatewayRps: Spread;
  rawRps: Spread;
  ratio: Spread;
  gatewayP50Ms: Spread;
  gatewayP99Ms: Spread;
  gatewayMaxMs: Spread;
  rawP50Ms: Spread;
  rawP99Ms: Spread;
  failures: number;
}

/** Gives the user the read path's 100 documents, created through the API like any user's; answers their ids. */
export async function seedDocuments(base: string, user: BenchUser): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= READ_PATH_DOCUMENTS; i++) {
    ids.push((await createDocument(base, user, `Read path document ${i}`, `## Problem\nDocument ${i} of the read-path benchmark.\n\n## Goals\n- Goal ${i}`)).id);
  }
  return ids;
}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return res.json();
}

/**
 * `GET /api/documents` of a user with 100 documents, at 50 connections: through the gateway (nginx,
 * session, content service, Drizzle) and from the raw `http` + `pg` server, which must answer the same.
 * Each repetition measures both back to back, so every ratio compares figures of the same moment.
 */
export async function measureReadPath(base: string, user: BenchUser, rawBase: string, seconds: number, repetitions: number): Promise<ReadPathFigures> {
  const gatewayUrl = `${base}/api/documents`;
  const rawUrl = `${rawBase}/api/documents?ownerId=${user.id}`;
  const viaGateway = await getJson(gatewayUrl, { Cookie: user.cookie });
  const viaRaw = await getJson(rawUrl);
  if (!Array.isArray(viaGateway) || viaGateway.length !== READ_PATH_DOCUMENTS)
    throw new Error(`GET /api/documents listed ${Array.isArray(viaGateway) ? viaGateway.length : 'no'} documents, expected ${READ_PATH_DOCUMENTS}`);
  if (!isDeepStrictEqual(viaGateway, viaRaw)) throw new Error('the raw server does not answer the same list as GET /api/documents');

  const runs: ReadPathRepetition[] = [];
  for (let i = 0; i < repetitions; i++) {
    const raw = await load({ url: rawUrl, connections: READ_PATH_CONNECTIONS, seconds });
    const gateway = await load({ url: gatewayUrl, connections: READ_PATH_CONNECTIONS, seconds, headers: { Cookie: user.cookie } });
    runs.push({ raw, gateway, ratio: gateway.requestsPerSecond / raw.requestsPerSecond });
  }
  const of = (pick: (r: ReadPathRepetition) => number) => spread(runs.map(pick));
  return {
    documents: READ_PATH_DOCUMENTS,
    repetitions: runs,
    gatewayRps: of((r) => r.gateway.requestsPerSecond),
    rawRps: of((r) => r.raw.requestsPerSecond),
    ratio: of((r) => r.ratio),
    gatewayP50Ms: of((r) => r.gateway.p50Ms),
    gatewayP99Ms: of((r) => r.gateway.p99Ms),
    gatewayMaxMs: of((r) => r.gateway.maxMs),
    rawP50Ms: of((r) => r.raw.p50Ms),
    rawP99Ms: of((r) => r.raw.p99Ms),
    failures: runs.reduce((n, r) => n + r.raw.failures + r.gateway.failures, 0),
  };
}
