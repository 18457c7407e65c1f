import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { browserRequest as request } from '@prd/kit/testing';
import { startIdentity, type IdentityService } from '@prd/testing/identity';

describe('GET /api/current-user', () => {
  let svc: IdentityService;
  beforeAll(async () => {
    svc = await startIdentity();
  });
  afterAll(() => svc.close());

  it('answers a visitor without a session as anonymous with 200, not 401', async () => {
    const res = await request(svc.url).get('/api/current-user').expect(200);
    expect(res.body).toEqual({ isAuthenticated: false, isAnonymous: true });
  });
});
