import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { routeRegistryMismatches, startTestService, type TestService } from '@prd/kit/testing';
import { AppModule, SERVICE } from '../src/app.module.js';
import { configSchema, type Config } from '../src/config.js';

/** Peers are never called: the test only reads the route table. */
const UNREACHABLE = 'http://127.0.0.1:9';

/** The OpenAPI document is built from proto's route registry: it must match what export serves and validates. */
describe('export routes and the route registry', () => {
  let svc: TestService<Config>;
  beforeAll(async () => {
    svc = await startTestService({ service: SERVICE, configSchema, module: (c, l) => AppModule.register(c, l), env: { IDENTITY_URL: UNREACHABLE, CONTENT_URL: UNREACHABLE } });
  });
  afterAll(() => svc.close());

  it('documents every public route with the schemas it validates and the status it answers', () => {
    expect(routeRegistryMismatches(svc.app, 'export')).toEqual([]);
  });
});
