import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { browserRequest as request, testCallerToken } from '@prd/kit/testing';
import { keyFingerprint } from '@prd/kit';
import { IdentityClient } from '@prd/proto';
import { startIdentityWithContent } from '@prd/testing/content';
import { internal, startIdentity, type IdentityService } from '@prd/testing/identity';

let seq = 0;
const newAccount = () => {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  return { username: `acct${tag}`, email: `acct${tag}@example.com`, password: 'secret-pass' };
};

describe('settings, usage, account and feedback', () => {
  let svc: IdentityService;
  let db: pg.Client;
  let client: IdentityClient;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    // With the content service it calls when a registered account is deleted.
    const stack = await startIdentityWithContent({ GUEST_DOCS_LIMIT: '3', GUEST_MESSAGES_LIMIT: '20', USER_MESSAGES_LIMIT: '200' });
    svc = stack.identity;
    stop = stack.close;
    db = new pg.Client({ connectionString: svc.config.DATABASE_URL });
    await db.connect();
    client = new IdentityClient({ baseUrl: svc.url, token: testCallerToken('chat-worker') });
  });
  afterAll(async () => {
    await db.end();
    await stop();
  });

  const registered = async () => {
    const agent = request.agent(svc.url);
    const account = newAccount();
    const { body } = await agent.post('/api/register').send(account).expect(201);
    return { agent, id: (body as { id: number }).id, account };
  };
  const guest = async () => {
    const agent = request.agent(svc.url);
    await agent.post('/api/feedback').send({ content: 'hi' }).expect(201);
    const { body } = await agent.get('/api/current-user').expect(200);
    return { agent, id: (body as { id: number }).id };
  };

  describe('the custom OpenAI key', () => {
    const KEY = 'sk-test-0123456789abcdefghijklmnop';

    it('is stored encrypted, never answered, and given decrypted to the internal route only', async () => {
      const { agent, id } = await registered();
      expect((await agent.get('/api/settings').expect(200)).body).toEqual({ hasCustomOpenaiKey: false });
      const saved = await agent.post('/api/settings/api-key').send({ apiKey: KEY }).expect(200);
      expect(saved.body).toEqual({ hasCustomOpenaiKey: true });
      const read = await agent.get('/api/settings').expect(200);
      const me = await agent.get('/api/current-user').expect(200);
      for (const res of [saved, read, me]) expect(res.text).not.toContain(KEY);

      const { rows } = await db.query<{ openai_key_encrypted: string }>('SELECT openai_key_encrypted FROM users WHERE id = $1', [id]);
      expect(rows[0]!.openai_key_encrypted).toMatch(/^v1:/);
      expect(rows[0]!.openai_key_encrypted).not.toContain(KEY);
      expect(rows[0]!.openai_key_encrypted).not.toContain(Buffer.from(KEY).toString('base64').slice(0, 16));

      await expect(client.getOpenAiKey(id)).resolves.toEqual({ apiKey: KEY, verified: false });
      await request(svc.url).get(`/internal/users/${id}/openai-key`).expect(404);
    });

    it('lifts the message limit only once the provider accepted that very key, and is cleared by DELETE', async () => {
      const { agent, id } = await registered();
      expect((await agent.get('/api/usage')).body.limits).toEqual({ docs: null, messages: 200 });
      await agent.post('/api/settings/api-key').send({ apiKey: KEY }).expect(200);
      // Any string can be saved as a key: until the provider accepts it, the registered allowance holds.
      expect((await agent.get('/api/usage')).body.limits).toEqual({ docs: null, messages: 200 });
      await client.openAiKeyVerified(id, keyFingerprint('sk-some-other-key'));
      expect((await agent.get('/api/usage')).body.limits).toEqual({ docs: null, messages: 200 });
      await client.openAiKeyVerified(id, keyFingerprint(KEY));
      expect((await agent.get('/api/usage')).body.limits).toEqual({ docs: null, messages: null });
      await expect(client.getOpenAiKey(id)).resolves.toEqual({ apiKey: KEY, verified: true });
      // A replaced key starts over unverified.
      await agent
        .post('/api/settings/api-key')
        .send({ apiKey: `${KEY}-new` })
        .expect(200);
      expect((await agent.get('/api/usage')).body.limits).toEqual({ docs: null, messages: 200 });
      await request(svc.url)
        .post(`/internal/users/${id}/openai-key/verified`)
        .send({ fingerprint: keyFingerprint(`${KEY}-new`) })
        .expect(404);
      expect((await agent.delete('/api/settings/api-key').expect(200)).body).toEqual({ hasCustomOpenaiKey: false });
      expect((await agent.get('/api/settings')).body).toEqual({ hasCustomOpenaiKey: false });
      await expect(client.getOpenAiKey(id)).resolves.toEqual({ apiKey: null, verified: false });
    });

    it('rejects an empty key', async () => {
      const { agent } = await registered();
      const res = await agent.post('/api/settings/api-key').send({ apiKey: '   ' }).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'API key is required' });
    });

    it('is refused to guests and anonymous visitors with 403 ACCOUNT_REQUIRED', async () => {
      const { agent } = await guest();
      const expected = { code: 'ACCOUNT_REQUIRED', message: 'Sign up required', description: 'Create an account to store your own OpenAI API key.' };
      expect((await agent.post('/api/settings/api-key').send({ apiKey: KEY }).expect(403)).body).toEqual(expected);
      expect((await agent.delete('/api/settings/api-key').expect(403)).body).toEqual(expected);
      expect((await request(svc.url).post('/api/settings/api-key').send({ apiKey: KEY }).expect(403)).body).toEqual(expected);
      expect((await agent.get('/api/settings').expect(200)).body).toEqual({ hasCustomOpenaiKey: false });
    });
  });

  describe('usage', () => {
    it('answers the month of an anonymous visitor, a guest and a registered user with their limits', async () => {
      expect((await request(svc.url).get('/api/usage').expect(200)).body).toEqual({ docs: 0, messages: 0, limits: { docs: 3, messages: 20 } });
      const g = await guest();
      await client.consume(g.id, 'messages');
      await client.consume(g.id, 'messages');
      expect((await g.agent.get('/api/usage').expect(200)).body).toEqual({ docs: 0, messages: 2, limits: { docs: 3, messages: 20 } });
      const r = await registered();
      expect((await r.agent.get('/api/usage').expect(200)).body).toEqual({ docs: 0, messages: 0, limits: { docs: null, messages: 200 } });
    });
  });

  describe('DELETE /api/account', () => {
    it('resets a guest to a new guest identity on a new session id, keeping the content owner and the usage', async () => {
      const g = await guest();
      for (let i = 0; i < 3; i++) await client.consume(g.id, 'docs');
      await client.consume(g.id, 'messages');
      const before = await g.agent.get('/api/current-user').expect(200);
      const res = await g.agent.delete('/api/account').expect(200);
      expect(res.body).toEqual({ isGuest: true, newGuestId: g.id });
      expect(String(res.headers['set-cookie'])).toMatch(/^prd\.sid=/);

      const me = await g.agent.get('/api/current-user').expect(200);
      expect(me.body).toMatchObject({ id: g.id, isGuest: true, username: expect.stringMatching(/^guest-/) });
      expect(me.body.username).not.toBe(before.body.username);
      expect((await g.agent.get('/api/usage')).body).toEqual({ docs: 3, messages: 1, limits: { docs: 3, messages: 20 } });
      await expect(client.consume(g.id, 'docs')).rejects.toMatchObject({ status: 429, body: { code: 'LIMIT_EXCEEDED' } });
    });

    it('anonymises a registered user, deletes their notifications and destroys the session', async () => {
      const r = await registered();
      await r.agent.post('/api/settings/api-key').send({ apiKey: 'sk-anonymise-me' }).expect(200);
      await request(svc.url)
        .post('/internal/notifications')
        .set(internal())
        .send({ userIds: [r.id], type: 'shared', actorName: 'colleague', title: 'Roadmap', documentId: 1 })
        .expect(204);
      expect((await r.agent.get('/api/notifications').expect(200)).body.items).toHaveLength(1);
      const res = await r.agent.delete('/api/account').expect(200);
      expect(res.body).toEqual({ isGuest: false, newGuestId: null });
      expect((await r.agent.get('/api/current-user')).body).toEqual({ isAuthenticated: false, isAnonymous: true });

      const { rows } = await db.query('SELECT username, email, name, first_name, last_name, password_hash, openai_key_encrypted, deleted_at FROM users WHERE id = $1', [r.id]);
      expect(rows[0]).toMatchObject({ username: null, email: null, name: null, first_name: null, last_name: null, password_hash: null, openai_key_encrypted: null });
      expect(rows[0].deleted_at).toBeInstanceOf(Date);
      await request(svc.url).post('/api/login').send({ username: r.account.username, password: r.account.password }).expect(401);
      await expect(client.getUser(r.id)).rejects.toMatchObject({ status: 404 });
      expect((await db.query('SELECT id FROM notifications WHERE user_id = $1', [r.id])).rows).toEqual([]);
      // The name is free again.
      await request(svc.url).post('/api/register').send(r.account).expect(201);
    });

    it('answers 503 and keeps the account whole when content cannot remove what others reach through it', async () => {
      const alone = await startIdentity(); // no content service listens at its CONTENT_URL
      try {
        const agent = request.agent(alone.url);
        const account = newAccount();
        await agent.post('/api/register').send(account).expect(201);
        const res = await agent.delete('/api/account').expect(503);
        expect(res.body).toMatchObject({ code: 'UNAVAILABLE', message: 'Your account could not be deleted right now. Please try again in a moment.' });
        expect((await agent.get('/api/current-user').expect(200)).body).toMatchObject({ isAuthenticated: true, username: account.username });
      } finally {
        await alone.close();
      }
    });

    it('answers 401 to an anonymous visitor', async () => {
      await request(svc.url).delete('/api/account').expect(401);
    });
  });

  describe('POST /api/feedback', () => {
    it('stores feedback with its rating and the user, provisioning a guest for an anonymous visitor', async () => {
      const agent = request.agent(svc.url);
      const res = await agent.post('/api/feedback').send({ content: '  Love it  ', rating: 3 }).expect(201);
      expect(res.body).toEqual({ id: expect.any(Number), content: 'Love it', rating: 3, createdAt: expect.any(String) });
      const me = (await agent.get('/api/current-user')).body as { id: number; isGuest: boolean };
      expect(me.isGuest).toBe(true);
      const { rows } = await db.query('SELECT user_id, rating FROM feedback WHERE id = $1', [res.body.id]);
      expect(rows[0]).toEqual({ user_id: me.id, rating: 3 });
      expect((await agent.post('/api/feedback').send({ content: 'no mood', rating: null }).expect(201)).body.rating).toBeNull();
    });

    it("rejects blank feedback with 'Feedback cannot be empty' and a rating outside 1-3", async () => {
      const { agent } = await guest();
      expect((await agent.post('/api/feedback').send({ content: '   ', rating: 2 }).expect(400)).body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Feedback cannot be empty',
      });
      expect((await agent.post('/api/feedback').send({ rating: 2 }).expect(400)).body.message).toBe('Feedback cannot be empty');
      expect((await agent.post('/api/feedback').send({ content: 'ok', rating: 5 }).expect(400)).body.message).toBe('Rating must be 1, 2, 3 or null');
    });

    it("rejects an anonymous visitor's blank feedback without making them a guest", async () => {
      const agent = request.agent(svc.url);
      const res = await agent.post('/api/feedback').send({ content: ' ', rating: null }).expect(400);
      expect(res.body.message).toBe('Feedback cannot be empty');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect((await agent.get('/api/current-user')).body).toEqual({ isAuthenticated: false, isAnonymous: true });
    });
  });
});
