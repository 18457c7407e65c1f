import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { UserProfile } from '@prd/proto';
import type { Config } from '../config.js';
import { PeopleService } from './people.service.js';

/** Identity's `POST /internal/users/profiles` over real HTTP, recording the ids each call asked for. */
const known = new Map<number, UserProfile>([
  [1, { id: 1, username: 'ada', name: 'Ada' }],
  [2, { id: 2, username: 'grace', name: null }],
]);
const asked: number[][] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { ids } = JSON.parse(body) as { ids: number[] };
      asked.push(ids);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(ids.flatMap((id) => known.get(id) ?? [])));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const people = () => new PeopleService({ IDENTITY_URL: baseUrl, INTERNAL_TOKEN: 'test-token' } as Config, pino({ enabled: false }));

describe('PeopleService.profiles', () => {
  it('asks identity once for the unknown ids, then answers the same profiles from memory', async () => {
    asked.length = 0;
    const service = people();
    const first = await service.profiles([1, 2, 1]);
    expect([...first.values()]).toEqual([known.get(1), known.get(2)]);
    expect(asked).toEqual([[1, 2]]);
    const again = await service.profiles([2, 1]);
    expect(again.get(1)).toEqual(known.get(1));
    expect(again.get(2)).toEqual(known.get(2));
    expect(asked).toEqual([[1, 2]]);
  });

  it('asks only for the ids it does not remember, and keeps asking for users identity does not know', async () => {
    asked.length = 0;
    const service = people();
    await service.profiles([1]);
    const mixed = await service.profiles([1, 2, 3]);
    expect(mixed.has(3)).toBe(false);
    await service.profiles([3]);
    expect(asked).toEqual([[1], [2, 3], [3]]);
  });

  it('asks nothing for an empty list', async () => {
    asked.length = 0;
    expect((await people().profiles([])).size).toBe(0);
    expect(asked).toEqual([]);
  });
});
