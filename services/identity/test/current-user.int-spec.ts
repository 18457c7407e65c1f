import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startTestService, type TestService } from '@prd/kit/testing';
import { AppModule, SERVICE } from '../src/app.module.js';
import { configSchema } from '../src/config.js';

describe('GET /api/current-user', () => {
  let svc: TestService<unknown>;
  beforeAll(async () => {
    svc = await startTestService({ service: SERVICE, configSchema, module: (c, l) => AppModule.register(c, l) });
  });
  afterAll(() => svc.close());

  it('answers a visitor without a session as anonymous with 200, not 401', async () => {
    const res = await request(svc.url).get('/api/current-user').expect(200);
    expect(res.body).toEqual({ isAuthenticated: false, isAnonymous: true });
  });
});
