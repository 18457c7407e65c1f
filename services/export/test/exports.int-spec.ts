import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startTestService, type TestService } from '@prd/kit/testing';
import { AppModule, SERVICE } from '../src/app.module.js';
import { configSchema } from '../src/config.js';

// These routes never call another service; the addresses only satisfy the configuration schema.
const UNUSED_PEERS = { IDENTITY_URL: 'http://127.0.0.1:9', CONTENT_URL: 'http://127.0.0.1:9' };

describe('GET /api/documents/:id/export/:format', () => {
  let svc: TestService<unknown>;
  beforeAll(async () => {
    svc = await startTestService({ service: SERVICE, configSchema, module: (c, l) => AppModule.register(c, l), env: UNUSED_PEERS });
  });
  afterAll(() => svc.close());

  it('asks an anonymous visitor to register', async () => {
    const res = await request(svc.url).get('/api/documents/1/export/docx').expect(403);
    expect(res.body).toEqual({ code: 'ACCOUNT_REQUIRED', message: 'Registration required', description: 'Please register to download your document' });
  });

  it('rejects an unknown format and a non-numeric id with 400', async () => {
    const res = await request(svc.url).get('/api/documents/abc/export/pdf').expect(400);
    expect(res.body.fields).toEqual({ id: 'Document id must be a number', format: 'Export format must be markdown or docx' });
  });
});
