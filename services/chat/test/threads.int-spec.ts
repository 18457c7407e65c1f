import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startTestService, type TestService } from '@prd/kit/testing';
import { AppModule, SERVICE } from '../src/app.module.js';
import { configSchema } from '../src/config.js';

// These routes never call another service; the addresses only satisfy the configuration schema.
const UNUSED_PEERS = { IDENTITY_URL: 'http://127.0.0.1:9', CONTENT_URL: 'http://127.0.0.1:9' };

describe('GET /api/chat/threads', () => {
  let svc: TestService<unknown>;
  beforeAll(async () => {
    svc = await startTestService({ service: SERVICE, configSchema, module: (c, l) => AppModule.register(c, l), env: UNUSED_PEERS });
  });
  afterAll(() => svc.close());

  it('gives a visitor without a user an empty list', async () => {
    const res = await request(svc.url).get('/api/chat/threads').expect(200);
    expect(res.body).toEqual([]);
  });
});
