import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { routeRegistryMismatches, startTestService, type TestService } from '@prd/kit/testing';
import { AppModule, SERVICE } from '../src/app.module.js';
import { configSchema, type Config } from '../src/config.js';

/** The OpenAPI document is built from proto's route registry: it must match what identity serves and validates. */
describe('identity routes and the route registry', () => {
  let svc: TestService<Config>;
  beforeAll(async () => {
    svc = await startTestService({
      service: SERVICE,
      configSchema,
      module: (c, l) => AppModule.register(c, l),
      env: { ENCRYPTION_KEY: randomBytes(32).toString('base64'), CONTENT_URL: 'http://127.0.0.1:9' },
    });
  });
  afterAll(() => svc.close());

  it('documents every public route with the schemas it validates and the status it answers', () => {
    expect(routeRegistryMismatches(svc.app, 'identity')).toEqual([]);
  });
});
