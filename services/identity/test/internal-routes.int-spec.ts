import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { browserRequest as request, testCallerToken } from '@prd/kit/testing';
import { IdentityClient, InternalCallError } from '@prd/proto';
import { internal, startIdentity, type IdentityService } from '@prd/testing/identity';

describe('internal routes of identity (docs/decisions/0003-internal-calls.md)', () => {
  let svc: IdentityService;
  let client: IdentityClient;
  beforeAll(async () => {
    svc = await startIdentity({ GUESTS_PER_ADDRESS_PER_HOUR: '3', GUEST_DOCS_LIMIT: '2', GUEST_MESSAGES_LIMIT: '20' });
    client = new IdentityClient({ baseUrl: svc.url, token: testCallerToken('chat') });
  });
  afterAll(() => svc.close());

  it('answers 404 without the internal token', async () => {
    await request(svc.url).get('/internal/users/1').expect(404);
    await request(svc.url).post('/internal/usage/consume').send({ userId: 1, kind: 'docs' }).expect(404);
  });

  it('creates guests named guest-<random> and finds them; an unknown user is 404', async () => {
    const guest = await client.createGuest('10.0.0.1');
    expect(guest).toEqual({ id: expect.any(Number), username: expect.stringMatching(/^guest-[0-9a-f]{12}$/), isGuest: true });
    await expect(client.getUser(guest.id)).resolves.toEqual(guest);
    await expect(client.getUser(999_999)).rejects.toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'User not found' } });
  });

  it('limits guest creation per client address with a 429 that says when to retry', async () => {
    for (let i = 0; i < 3; i++) await client.createGuest('10.0.0.2');
    const err = await client.createGuest('10.0.0.2').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InternalCallError);
    expect(err).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many guest sessions .* Please try again in \d+ minutes?\.$/) } });
    await expect(client.createGuest('10.0.0.3')).resolves.toMatchObject({ isGuest: true });
  });

  it('validates the bodies of internal calls', async () => {
    const res = await request(svc.url).post('/internal/usage/consume').set(internal()).send({ userId: 1, kind: 'tokens' }).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    await request(svc.url).post('/internal/users/guests').set(internal()).send({}).expect(400);
  });

  it('consumes usage up to the limit, then answers 429 LIMIT_EXCEEDED with the usage; a refund gives a unit back', async () => {
    const guest = await client.createGuest('10.0.0.4');
    await expect(client.consume(guest.id, 'docs')).resolves.toEqual({ usage: { docs: 1, messages: 0, limits: { docs: 2, messages: 20 } } });
    await expect(client.consume(guest.id, 'docs')).resolves.toEqual({ usage: { docs: 2, messages: 0, limits: { docs: 2, messages: 20 } } });
    const err = await client.consume(guest.id, 'docs').catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 429,
      body: {
        code: 'LIMIT_EXCEEDED',
        message: "You've reached the document limit",
        description: 'Sign up to create more documents and save your work.',
        limit: 'docs',
        usage: { docs: 2, messages: 0, limits: { docs: 2, messages: 20 } },
      },
    });
    await expect(client.refund(guest.id, 'docs')).resolves.toEqual({ usage: { docs: 1, messages: 0, limits: { docs: 2, messages: 20 } } });
    await expect(client.consume(guest.id, 'messages')).resolves.toMatchObject({ usage: { docs: 1, messages: 1 } });
    await expect(client.consume(999_999, 'messages')).rejects.toMatchObject({ status: 404 });
  });

  it('takes several units all or none (an import of several files), and gives them back together', async () => {
    const guest = await client.createGuest('10.0.0.6');
    // More than the limit on the month's first consumption (no counter row yet), then on a later one.
    await expect(client.consume(guest.id, 'docs', 3)).rejects.toMatchObject({ status: 429, body: { code: 'LIMIT_EXCEEDED', usage: { docs: 0 } } });
    await expect(client.consume(guest.id, 'docs')).resolves.toMatchObject({ usage: { docs: 1 } });
    await expect(client.consume(guest.id, 'docs', 2)).rejects.toMatchObject({ status: 429, body: { usage: { docs: 1 } } });
    await expect(client.refund(guest.id, 'docs')).resolves.toMatchObject({ usage: { docs: 0 } });
    await expect(client.consume(guest.id, 'docs', 2)).resolves.toMatchObject({ usage: { docs: 2 } });
    await expect(client.refund(guest.id, 'docs', 2)).resolves.toMatchObject({ usage: { docs: 0 } });
    await request(svc.url).post('/internal/usage/consume').set(internal()).send({ userId: guest.id, kind: 'docs', count: 0 }).expect(400);
  });

  it('never refunds below zero', async () => {
    const guest = await client.createGuest('10.0.0.5');
    await expect(client.refund(guest.id, 'messages')).resolves.toMatchObject({ usage: { messages: 0 } });
  });

  it('lets 50 concurrent consumptions with a limit of 20 take exactly 20', async () => {
    const guest = await client.createGuest('10.0.0.6');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => request(svc.url).post('/internal/usage/consume').set(internal()).send({ userId: guest.id, kind: 'messages' })),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 429);
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const r of refused) {
      expect(r.body).toEqual({
        code: 'LIMIT_EXCEEDED',
        message: "You've reached the message limit",
        description: 'Sign up to continue your conversation and save your work.',
        limit: 'messages',
        usage: { docs: 0, messages: 20, limits: { docs: 2, messages: 20 } },
      });
    }
    // Every success took its own unit: the counts they answer are exactly 1..20.
    const counts = ok.map((r) => (r.body as { usage: { messages: number } }).usage.messages).sort((x, y) => x - y);
    expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("names each route's callers: a caller's token opens only what that caller may do", async () => {
    const as = (caller: 'content' | 'chat' | 'chat-worker' | 'export') => new IdentityClient({ baseUrl: svc.url, token: testCallerToken(caller) });
    const guest = await as('content').createGuest('10.0.0.8');
    // Only the chat worker reads a user's decrypted key (it also mints voice tokens); the chat API, content and export never do.
    for (const caller of ['content', 'chat', 'export'] as const) await expect(as(caller).getOpenAiKey(guest.id)).rejects.toMatchObject({ status: 404 });
    await expect(as('chat-worker').getOpenAiKey(guest.id)).resolves.toEqual({ apiKey: null, verified: false });
    // Only the AI worker, which made the provider call, reports a key as verified.
    for (const caller of ['content', 'chat', 'export'] as const) await expect(as(caller).openAiKeyVerified(guest.id, 'f'.repeat(64))).rejects.toMatchObject({ status: 404 });
    await as('chat-worker').openAiKeyVerified(guest.id, 'f'.repeat(64));
    // Export only reads users; it neither consumes usage nor creates guests.
    await expect(as('export').getUser(guest.id)).resolves.toMatchObject({ id: guest.id });
    await expect(as('export').consume(guest.id, 'messages')).rejects.toMatchObject({ status: 404 });
    await expect(as('export').createGuest('10.0.0.9')).rejects.toMatchObject({ status: 404 });
    await expect(as('chat-worker').createGuest('10.0.0.9')).rejects.toMatchObject({ status: 404 });
    // Sharing's routes (invitee look-up, names beside shares, notifications) are content's alone.
    await expect(as('content').getProfiles([])).resolves.toEqual([]);
    await expect(as('content').lookUpUser('nobody-by-this-name')).rejects.toMatchObject({ status: 404 });
    await request(svc.url).post('/internal/notifications').set('x-internal-token', testCallerToken('content')).send({}).expect(400);
    for (const caller of ['chat', 'chat-worker', 'export'] as const) {
      await expect(as(caller).getProfiles([guest.id])).rejects.toMatchObject({ status: 404 });
      await expect(as(caller).lookUpUser(guest.username)).rejects.toMatchObject({ status: 404 });
      await request(svc.url).post('/internal/notifications').set('x-internal-token', testCallerToken(caller)).send({}).expect(404);
    }
  });

  it('answers a null key for a user without one', async () => {
    const guest = await client.createGuest('10.0.0.7');
    const worker = new IdentityClient({ baseUrl: svc.url, token: testCallerToken('chat-worker') });
    await expect(worker.getOpenAiKey(guest.id)).resolves.toEqual({ apiKey: null, verified: false });
    await expect(worker.getOpenAiKey(999_999)).rejects.toMatchObject({ status: 404 });
  });
});
