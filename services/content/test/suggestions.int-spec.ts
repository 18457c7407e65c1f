import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { browserRequest as request } from '@prd/kit/testing';
import { ErrorCode, roleNeededMessage, SUGGESTION_NOT_FOUND, SUGGESTION_OUTDATED_MESSAGE, SUGGESTION_TEXT_MAX, type Suggestion } from '@prd/proto';
import { startContent, type ContentService } from '@prd/testing/content';
import { startIdentityForPeers, signUp, type IdentityService, type TestUser } from '@prd/testing/identity';
import { connect, markdownOf, typeIn, untilMarkdown, type CollabClient } from './collab-clients.js';
import { internalHeaders } from './content-stack.js';

type Named = TestUser & { username: string };

const TEXT = '# Checkout\n\nShoppers abandon carts at the payment step. Fix it.\n\n## Goals\n- fewer drop-offs\n';

/**
 * docs/decisions/0041-suggestions.md over two real content replicas on one database and one Redis: the AI's suggestions stored through
 * the internal route, listed, accepted and rejected by role, announced live to an editor open on the other replica.
 */
describe('suggestions across two content replicas', () => {
  let identity: IdentityService;
  let one: ContentService;
  let two: ContentService;
  let owner: Named;
  let editor: Named;
  let commenter: Named;
  let viewer: Named;
  let stranger: Named;
  const clients: CollabClient[] = [];

  async function named(): Promise<Named> {
    const username = `u${randomBytes(5).toString('hex')}`;
    return { ...(await signUp(identity, username)), username };
  }

  /** A document of the owner's, shared with the editor, commenter and viewer. */
  async function document(content = TEXT): Promise<number> {
    const id = (await request(one.url).post('/api/documents').set('Cookie', owner.cookie).send({ title: 'Checkout', content }).expect(201)).body.id as number;
    for (const [user, role] of [
      [editor, 'editor'],
      [commenter, 'commenter'],
      [viewer, 'viewer'],
    ] as const)
      await request(one.url).post(`/api/documents/${id}/shares`).set('Cookie', owner.cookie).send({ login: user.username, role }).expect(201);
    return id;
  }

  /** The AI's suggestion for `user`, as chat's worker stores it. */
  const suggest = (documentId: number, user: TestUser, passages: unknown[], requestKey = randomBytes(6).toString('hex')) =>
    request(one.url).post(`/internal/documents/${documentId}/suggestions`).set(internalHeaders('chat-worker')).send({ userId: user.id, requestKey, passages });

  const list = async (documentId: number, user: TestUser = owner, query = ''): Promise<Suggestion[]> =>
    (await request(two.url).get(`/api/documents/${documentId}/suggestions${query}`).set('Cookie', user.cookie).expect(200)).body.suggestions;
  const decide = (documentId: number, suggestionId: number | string, decision: 'accept' | 'reject', user: TestUser, replica = one) =>
    request(replica.url).post(`/api/documents/${documentId}/suggestions/${suggestionId}/${decision}`).set('Cookie', user.cookie);
  const stored = async (documentId: number) => (await request(one.url).get(`/api/documents/${documentId}`).set('Cookie', owner.cookie).expect(200)).body.content as string;

  /** The next stateless message the client receives. */
  const nextStateless = (client: CollabClient) =>
    new Promise<unknown>((resolve) => {
      const handler = ({ payload }: { payload: string }) => {
        client.provider.off('stateless', handler);
        resolve(JSON.parse(payload));
      };
      client.provider.on('stateless', handler);
    });

  beforeAll(async () => {
    identity = await startIdentityForPeers();
    one = await startContent(identity);
    two = await startContent(identity, { DATABASE_URL: one.config.DATABASE_URL });
    [owner, editor, commenter, viewer, stranger] = [await named(), await named(), await named(), await named(), await named()];
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.destroy();
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await identity.close();
  });

  it('stores the AI suggestion a commenter asked for, announces it to an editor open on the other replica, and lists it to viewers', async () => {
    const id = await document();
    const watcher = connect(two.url, editor.cookie, id);
    clients.push(watcher);
    await watcher.synced;
    const announced = nextStateless(watcher);
    const quote = { exact: 'Fix it.', prefix: 'payment step. ', suffix: '\n\n## Goals' };
    const created = await suggest(id, commenter, [{ quote, replacement: 'Cut drop-offs at payment by [target: __ % by __].', note: 'Make it measurable' }]).expect(201);
    const [suggestion] = created.body.suggestions as Suggestion[];
    expect(await announced).toEqual({ type: 'suggestions', documentId: id });
    const start = TEXT.indexOf('Fix it.');
    expect(suggestion).toMatchObject({
      documentId: id,
      status: 'pending',
      author: { kind: 'ai', name: 'AI', userId: commenter.id, requestedBy: { id: commenter.id, username: commenter.username } },
      quote,
      note: 'Make it measurable',
      position: { start, end: start + 7 },
      decidedAt: null,
      decidedBy: null,
    });
    expect(await list(id, viewer)).toEqual([suggestion]);
    expect(await list(id, viewer, '?status=accepted')).toEqual([]);
    await request(two.url).get(`/api/documents/${id}/suggestions`).set('Cookie', stranger.cookie).expect(404);
    // Asking the AI only proposes: commenters may, viewers may not, strangers find nothing.
    const refused = await suggest(id, viewer, [{ quote, replacement: 'x' }]).expect(403);
    expect(refused.body.message).toBe(roleNeededMessage('commenter'));
    await suggest(id, stranger, [{ quote, replacement: 'x' }]).expect(404);
  });

  it('lets only owners and editors accept: the text changes for an editor open on the other replica, as one attributed revision and an activity', async () => {
    const id = await document();
    const [suggestion] = (await suggest(id, commenter, [{ quote: { exact: 'Fix it.', prefix: 'step. ' }, replacement: 'Halve drop-offs.' }]).expect(201)).body
      .suggestions as Suggestion[];
    for (const user of [commenter, viewer]) {
      const res = await decide(id, suggestion!.id, 'accept', user).expect(403);
      expect(res.body.message).toBe(roleNeededMessage('editor'));
      await decide(id, suggestion!.id, 'reject', user).expect(403);
    }
    await decide(id, suggestion!.id, 'accept', stranger).expect(404);

    const watcher = connect(two.url, owner.cookie, id);
    clients.push(watcher);
    await watcher.synced;
    const announced = nextStateless(watcher);
    const accepted = await decide(id, suggestion!.id, 'accept', editor).expect(200);
    expect(accepted.body.suggestion).toMatchObject({ status: 'accepted', decidedBy: { id: editor.id, username: editor.username }, position: null });
    const expected = TEXT.replace('Fix it.', 'Halve drop-offs.');
    expect(await untilMarkdown(watcher, (value) => value === expected)).toBe(expected);
    expect(await announced).toEqual({ type: 'suggestions', documentId: id });
    expect(await stored(id)).toBe(expected);

    // Decided once: a second accept or a reject is a conflict that changes nothing.
    const again = await decide(id, suggestion!.id, 'accept', owner, two).expect(409);
    expect(again.body).toMatchObject({ code: ErrorCode.CONFLICT, message: 'This suggestion was already accepted' });
    await decide(id, suggestion!.id, 'reject', owner).expect(409);

    // The accept kept the text it replaced; the next change keeps the accepted text, written by the AI for the commenter and accepted by the editor.
    await request(one.url)
      .patch(`/api/documents/${id}`)
      .set('Cookie', owner.cookie)
      .send({ content: `${expected}More.\n` })
      .expect(200);
    const revisions = (await request(one.url).get(`/api/documents/${id}/revisions`).set('Cookie', owner.cookie).expect(200)).body;
    expect(revisions.map((r: { source: string }) => r.source)).toEqual(['user', 'ai']);
    expect(revisions[1].content).toBe(TEXT);
    expect(revisions[0]).toMatchObject({
      content: expected,
      author: { kind: 'ai', users: [{ id: commenter.id, username: commenter.username }], token: null, acceptedBy: { id: editor.id, username: editor.username } },
    });
    const activities = (await request(one.url).get('/api/activities').set('Cookie', owner.cookie).expect(200)).body as { type: string; documentId: number; actorName: string }[];
    expect(activities.find((a) => a.type === 'suggestion_accepted')).toMatchObject({ documentId: id, actorName: editor.username });
  });

  describe('the accepted text reaches open editors before its rows are written (docs/decisions/0045-accept-lands-fast.md)', () => {
    let db: pg.Client;
    beforeAll(async () => {
      db = new pg.Client({ connectionString: one.config.DATABASE_URL });
      await db.connect();
    });
    afterAll(() => db.end());

    /** A trigger on the document's revisions that runs `body` (PL/pgSQL) in the writer's transaction, for as long as the test runs `during`. */
    async function onRevisionWrite<T>(documentId: number, body: string, during: () => Promise<T>): Promise<T> {
      const name = `revision_write_${documentId}`;
      await db.query(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NEW; END $$`);
      await db.query(`CREATE TRIGGER ${name} BEFORE INSERT ON document_revisions FOR EACH ROW WHEN (NEW.document_id = ${documentId}) EXECUTE FUNCTION ${name}()`);
      try {
        return await during();
      } finally {
        await db.query(`DROP TRIGGER ${name} ON document_revisions`);
        await db.query(`DROP FUNCTION ${name}()`);
      }
    }

    const revisionCount = async (documentId: number) =>
      (await db.query('SELECT count(*)::int AS n FROM document_revisions WHERE document_id = $1', [documentId])).rows[0].n as number;

    it('shows the replacement to an editor on the other replica while the revision write is held, and stores it all once the write goes on', async () => {
      const id = await document();
      const [suggestion] = (await suggest(id, owner, [{ quote: { exact: 'Fix it.' }, replacement: 'Halve drop-offs.' }]).expect(201)).body.suggestions as Suggestion[];
      const watcher = connect(two.url, owner.cookie, id);
      clients.push(watcher);
      await watcher.synced;
      const expected = TEXT.replace('Fix it.', 'Halve drop-offs.');
      const lock = 45_000 + id;
      // The revision's insert waits for an advisory lock this test holds: the accept stops between the live change and its rows.
      await db.query('SELECT pg_advisory_lock($1)', [lock]);
      await onRevisionWrite(id, `PERFORM pg_advisory_xact_lock(${lock});`, async () => {
        const answer = decide(id, suggestion!.id, 'accept', owner, one).then((res) => res);
        expect(await untilMarkdown(watcher, (value) => value === expected)).toBe(expected);
        // Nothing is committed yet: the stored text, the suggestion and the history are as they were.
        expect((await db.query('SELECT content FROM documents WHERE id = $1', [id])).rows[0].content).toBe(TEXT);
        expect((await db.query('SELECT status FROM suggestions WHERE id = $1', [suggestion!.id])).rows[0].status).toBe('pending');
        expect(await revisionCount(id)).toBe(0);
        await db.query('SELECT pg_advisory_unlock($1)', [lock]);
        expect((await answer).status).toBe(200);
      });
      expect(await stored(id)).toBe(expected);
      expect(await revisionCount(id)).toBe(1);
      expect(markdownOf(watcher)).toBe(expected);
    });

    it('takes the replacement back from open editors when the revision write fails, leaving the suggestion pending; accepting again lands it once', async () => {
      const id = await document();
      const [suggestion] = (await suggest(id, commenter, [{ quote: { exact: 'Fix it.' }, replacement: 'Halve drop-offs.' }]).expect(201)).body.suggestions as Suggestion[];
      const watcher = connect(two.url, owner.cookie, id);
      clients.push(watcher);
      await watcher.synced;
      const seen: string[] = [];
      watcher.fragment.observeDeep(() => seen.push(markdownOf(watcher)));
      const expected = TEXT.replace('Fix it.', 'Halve drop-offs.');
      await onRevisionWrite(id, `RAISE EXCEPTION 'the revision write failed';`, async () => {
        await decide(id, suggestion!.id, 'accept', editor, one).expect(500);
        // The editor got the replacement first, then its undoing.
        expect(await untilMarkdown(watcher, (value) => value === TEXT && seen.includes(expected))).toBe(TEXT);
      });
      expect(await stored(id)).toBe(TEXT);
      expect(await revisionCount(id)).toBe(0);
      expect((await list(id)).map((s) => [s.id, s.status])).toEqual([[suggestion!.id, 'pending']]);

      // On the replica that holds the live document this time.
      await decide(id, suggestion!.id, 'accept', editor, two).expect(200);
      expect(await untilMarkdown(watcher, (value) => value === expected)).toBe(expected);
      expect(await stored(id)).toBe(expected);
      const revisions = (await request(one.url).get(`/api/documents/${id}/revisions`).set('Cookie', owner.cookie).expect(200)).body;
      expect(revisions).toHaveLength(1);
      expect(revisions[0]).toMatchObject({ content: TEXT, source: 'ai' });
    });
  });

  it('marks a suggestion outdated once its passage is deleted: accepting it is a 409, rejecting it changes nothing but records an activity', async () => {
    const id = await document();
    const [suggestion] = (await suggest(id, owner, [{ quote: { exact: '- fewer drop-offs\n' }, replacement: '- 20 % fewer drop-offs\n' }]).expect(201)).body
      .suggestions as Suggestion[];
    const without = '# Checkout\n\nShoppers abandon carts at the payment step. Fix it.\n';
    await request(one.url).patch(`/api/documents/${id}`).set('Cookie', owner.cookie).send({ content: without }).expect(200);
    expect((await list(id)).map((s) => [s.id, s.status, s.position])).toEqual([[suggestion!.id, 'outdated', null]]);
    expect((await list(id, owner, '?status=outdated')).map((s) => s.id)).toEqual([suggestion!.id]);

    const refused = await decide(id, suggestion!.id, 'accept', owner).expect(409);
    expect(refused.body).toEqual({ code: ErrorCode.SUGGESTION_OUTDATED, message: SUGGESTION_OUTDATED_MESSAGE });
    // Stored as outdated now: even the passage coming back does not make it acceptable.
    await request(one.url).patch(`/api/documents/${id}`).set('Cookie', owner.cookie).send({ content: TEXT }).expect(200);
    await decide(id, suggestion!.id, 'accept', editor).expect(409);

    const rejected = await decide(id, suggestion!.id, 'reject', editor, two).expect(200);
    expect(rejected.body.suggestion).toMatchObject({ status: 'rejected', decidedBy: { id: editor.id } });
    expect(await stored(id)).toBe(TEXT);
    const activities = (await request(one.url).get('/api/activities').set('Cookie', owner.cookie).expect(200)).body as { type: string; documentId: number }[];
    expect(activities[0]).toMatchObject({ type: 'suggestion_rejected', documentId: id });
  });

  it('accepts once when two editors accept at the same moment on two replicas, and keeps typing not yet stored around the passage', async () => {
    const id = await document();
    const [suggestion] = (await suggest(id, owner, [{ quote: { exact: 'Fix it.' }, replacement: 'Fix it by June.' }]).expect(201)).body.suggestions as Suggestion[];
    const typist = connect(two.url, owner.cookie, id);
    clients.push(typist);
    await typist.synced;
    typeIn(typist, 'Shoppers abandon', 'Typed. ', 'start');
    await untilMarkdown(typist, (value) => value.includes('Typed. Shoppers'));
    const answers = await Promise.all([decide(id, suggestion!.id, 'accept', owner, one), decide(id, suggestion!.id, 'accept', editor, two)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const expected = TEXT.replace('Shoppers', 'Typed. Shoppers').replace('Fix it.', 'Fix it by June.');
    expect(await untilMarkdown(typist, (value) => value === expected)).toBe(expected);
  });

  it('inserts at an insertion point, and answers a retried job with the suggestions it stored the first time', async () => {
    const id = await document();
    const insertion = { quote: { exact: '', prefix: '## Goals\n', suffix: '- fewer' }, replacement: '- a faster payment page\n' };
    const first = (await suggest(id, owner, [insertion], 'job-1').expect(201)).body.suggestions as Suggestion[];
    const retried = (await suggest(id, owner, [insertion], 'job-1').expect(201)).body.suggestions as Suggestion[];
    expect(retried).toEqual(first);
    expect(first[0]!.position).toEqual({ start: TEXT.indexOf('- fewer'), end: TEXT.indexOf('- fewer') });
    await decide(id, first[0]!.id, 'accept', owner).expect(200);
    expect(await stored(id)).toBe(TEXT.replace('## Goals\n', '## Goals\n- a faster payment page\n'));
  });

  it('answers bad and foreign ids and oversized input with a clear 4xx', async () => {
    const id = await document();
    const other = await document();
    const [foreign] = (await suggest(other, owner, [{ quote: { exact: 'Fix it.' }, replacement: 'Fix it now.' }]).expect(201)).body.suggestions as Suggestion[];
    for (const suggestionId of [foreign!.id, 2_000_000_000]) {
      const res = await decide(id, suggestionId, 'accept', owner).expect(404);
      expect(res.body.message).toBe(SUGGESTION_NOT_FOUND);
    }
    expect((await decide(id, 'abc', 'reject', owner).expect(400)).body.message).toBe('Suggestion id must be a number');
    expect((await request(one.url).get(`/api/documents/${id}/suggestions?status=maybe`).set('Cookie', owner.cookie).expect(400)).body.message).toMatch(/status must be one of/);
    const long = 'x'.repeat(SUGGESTION_TEXT_MAX + 1);
    expect((await suggest(id, owner, [{ quote: { exact: 'Fix it.' }, replacement: long }]).expect(400)).body.message).toBe(
      `replacement must be at most ${SUGGESTION_TEXT_MAX} characters`,
    );
    expect((await suggest(id, owner, [{ quote: { exact: long }, replacement: 'y' }]).expect(400)).body.message).toBe(
      `quote.exact must be at most ${SUGGESTION_TEXT_MAX} characters`,
    );
    expect((await suggest(id, owner, [{ quote: { exact: '' }, replacement: 'y' }]).expect(400)).body.message).toMatch(/insertion point/);
    expect((await suggest(id, owner, [{ quote: { exact: 'Fix it.' }, replacement: 'Fix it.' }]).expect(400)).body.message).toMatch(/nothing to suggest/);
    // Only chat's worker stores suggestions: to any other caller the internal route does not exist.
    await request(one.url).post(`/internal/documents/${id}/suggestions`).set(internalHeaders('export')).send({ userId: owner.id, requestKey: 'k', passages: [] }).expect(404);
  });
});
