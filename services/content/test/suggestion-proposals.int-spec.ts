import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { browserRequest as request } from '@prd/kit/testing';
import { ErrorCode, roleNeededMessage, SUGGESTION_TEXT_MAX, suggestionQuoteNotFoundMessage, TOO_MANY_PASSAGES, type Suggestion } from '@prd/proto';
import { startContent, type ContentService } from '@prd/testing/content';
import { startIdentityForPeers, signUp, type IdentityService, type TestUser } from '@prd/testing/identity';
import { connect, type CollabClient } from './collab-clients.js';

type Named = TestUser & { username: string };

const TEXT = '# Checkout\n\nShoppers abandon carts at the payment step. Fix it.\n\n## Goals\n\n- fewer drop-offs\n';
/** Proposals per user and minute in this suite (SUGGESTION_PROPOSALS_PER_MINUTE). */
const PROPOSALS_PER_MINUTE = 6;

/**
 * People's own suggestions, typed in suggesting mode (docs/decisions/0041-suggestions.md, `POST /api/documents/:id/suggestions/proposals`),
 * over two real content replicas on one database and one Redis: who may propose, the quote that must be in the text, the bounds,
 * the per-user rate limit counted across replicas, the live announcement, and the decision on them.
 */
describe("people's suggestions across two content replicas", () => {
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

  /** A document of the owner's, shared with the editor, commenter and viewer (or `commenters` instead of the commenter). */
  async function document(commenters: Named[] = [commenter]): Promise<number> {
    const id = (await request(one.url).post('/api/documents').set('Cookie', owner.cookie).send({ title: 'Checkout', content: TEXT }).expect(201)).body.id as number;
    const grants: Array<[Named, string]> = [[editor, 'editor'], ...commenters.map((c): [Named, string] => [c, 'commenter']), [viewer, 'viewer']];
    for (const [user, role] of grants) await request(one.url).post(`/api/documents/${id}/shares`).set('Cookie', owner.cookie).send({ login: user.username, role }).expect(201);
    return id;
  }

  const propose = (documentId: number | string, user: TestUser, suggestions: unknown, replica = one) =>
    request(replica.url).post(`/api/documents/${documentId}/suggestions/proposals`).set('Cookie', user.cookie).send({ suggestions });
  const list = async (documentId: number): Promise<Suggestion[]> =>
    (await request(two.url).get(`/api/documents/${documentId}/suggestions`).set('Cookie', owner.cookie).expect(200)).body.suggestions;

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
    const limit = { SUGGESTION_PROPOSALS_PER_MINUTE: String(PROPOSALS_PER_MINUTE) };
    one = await startContent(identity, limit);
    two = await startContent(identity, { ...limit, DATABASE_URL: one.config.DATABASE_URL });
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

  it("stores a commenter's changes as suggestions by name, announces them to an editor open on the other replica, and lets the owner reject them", async () => {
    const id = await document();
    const watcher = connect(two.url, editor.cookie, id);
    clients.push(watcher);
    await watcher.synced;
    const announced = nextStateless(watcher);
    const passages = [
      { quote: { exact: 'Fix it.', prefix: 'payment step. ', suffix: '\n\n## Goals' }, replacement: 'Cut drop-offs by half.', note: 'Measurable' },
      { quote: { exact: '', prefix: '- fewer drop-offs\n', suffix: '' }, replacement: '- a faster payment page\n' },
    ];
    const created = (await propose(id, commenter, passages).expect(201)).body.suggestions as Suggestion[];
    expect(await announced).toEqual({ type: 'suggestions', documentId: id });
    const start = TEXT.indexOf('Fix it.');
    expect(created).toEqual([
      expect.objectContaining({
        status: 'pending',
        author: { kind: 'user', name: commenter.username, userId: commenter.id, requestedBy: null },
        quote: passages[0]!.quote,
        replacement: 'Cut drop-offs by half.',
        note: 'Measurable',
        position: { start, end: start + 7 },
      }),
      expect.objectContaining({ status: 'pending', author: expect.objectContaining({ kind: 'user' }), position: { start: TEXT.length, end: TEXT.length } }),
    ]);
    // Newest first, as listed on the other replica; the text is unchanged until someone decides.
    expect((await list(id)).map((s) => s.id)).toEqual(created.map((s) => s.id).reverse());
    expect((await request(two.url).get(`/api/documents/${id}`).set('Cookie', owner.cookie).expect(200)).body.content).toBe(TEXT);

    const rejected = await request(two.url).post(`/api/documents/${id}/suggestions/${created[0]!.id}/reject`).set('Cookie', owner.cookie).expect(200);
    expect(rejected.body.suggestion).toMatchObject({ status: 'rejected', decidedBy: { id: owner.id } });
    // A commenter proposes but does not decide, not even on their own suggestion.
    const refused = await request(one.url).post(`/api/documents/${id}/suggestions/${created[1]!.id}/accept`).set('Cookie', commenter.cookie).expect(403);
    expect(refused.body.message).toBe(roleNeededMessage('editor'));
  });

  it('lets editors and owners propose too; refuses viewers with 403 naming the role, and strangers and unknown documents with 404', async () => {
    const id = await document();
    const passage = [{ quote: { exact: 'Fix it.' }, replacement: 'Fix it by June.' }];
    for (const user of [editor, owner]) expect((await propose(id, user, passage, two).expect(201)).body.suggestions[0].author).toMatchObject({ kind: 'user', userId: user.id });
    const viewing = await propose(id, viewer, passage).expect(403);
    expect(viewing.body).toEqual({ code: ErrorCode.FORBIDDEN, message: roleNeededMessage('commenter') });
    await propose(id, stranger, passage, two).expect(404);
    await propose(2_000_000_000, owner, passage).expect(404);
    expect((await propose('abc', owner, passage).expect(400)).body.message).toBe('Document id must be a number');
    expect((await list(id)).map((s) => s.author.userId)).toEqual([owner.id, editor.id]);
  });

  it("accepts a person's suggestion as a revision of that person, accepted by the editor", async () => {
    const id = await document();
    const [suggestion] = (await propose(id, commenter, [{ quote: { exact: 'Fix it.' }, replacement: 'Halve drop-offs.' }]).expect(201)).body.suggestions as Suggestion[];
    await request(two.url).post(`/api/documents/${id}/suggestions/${suggestion!.id}/accept`).set('Cookie', editor.cookie).expect(200);
    const expected = TEXT.replace('Fix it.', 'Halve drop-offs.');
    await request(one.url)
      .patch(`/api/documents/${id}`)
      .set('Cookie', owner.cookie)
      .send({ content: `${expected}More.\n` })
      .expect(200);
    const revisions = (await request(one.url).get(`/api/documents/${id}/revisions`).set('Cookie', owner.cookie).expect(200)).body;
    expect(revisions[0]).toMatchObject({
      source: 'user',
      content: expected,
      author: { kind: 'user', users: [{ id: commenter.id, username: commenter.username }], token: null, acceptedBy: { id: editor.id } },
    });
  });

  it('refuses a quote that is not in the text with 409 SUGGESTION_QUOTE_NOT_FOUND, storing none of the request', async () => {
    const id = await document();
    const gone = await propose(id, commenter, [{ quote: { exact: 'Fix it now.' }, replacement: 'Fix it by June.' }]).expect(409);
    expect(gone.body).toEqual({ code: ErrorCode.SUGGESTION_QUOTE_NOT_FOUND, message: suggestionQuoteNotFoundMessage(0, 1) });
    const second = await propose(
      id,
      commenter,
      [
        { quote: { exact: 'Fix it.' }, replacement: 'Fix it by June.' },
        { quote: { exact: '', prefix: '## Goals\n\n', suffix: '- more drop-offs' }, replacement: '- speed\n' },
      ],
      two,
    ).expect(409);
    expect(second.body.message).toBe(suggestionQuoteNotFoundMessage(1, 2));
    expect(second.body.message).toMatch(/^The quoted text of suggestion 2 is not in the document any more/);
    expect(await list(id)).toEqual([]);
  });

  it('answers bad bodies with a clear 400', async () => {
    const id = await document();
    const passage = { quote: { exact: 'Fix it.' }, replacement: 'Fix it by June.' };
    const cases: Array<[unknown, string | RegExp]> = [
      [[], 'suggestions must hold at least one change'],
      [Array.from({ length: 51 }, () => passage), TOO_MANY_PASSAGES],
      ['Fix it', 'suggestions must be a list of { quote, replacement, note? }'],
      [[{ ...passage, replacement: 'x'.repeat(SUGGESTION_TEXT_MAX + 1) }], `replacement must be at most ${SUGGESTION_TEXT_MAX} characters`],
      [[{ ...passage, quote: { exact: 'x'.repeat(SUGGESTION_TEXT_MAX + 1) } }], `quote.exact must be at most ${SUGGESTION_TEXT_MAX} characters`],
      [[{ ...passage, replacement: 'Fix it.' }], /nothing to suggest/],
      [[{ quote: { exact: '' }, replacement: 'y' }], /insertion point/],
      [[{ ...passage, note: 'n'.repeat(2_001) }], 'note must be at most 2000 characters'],
    ];
    for (const [suggestions, message] of cases) {
      const res = await propose(id, owner, suggestions).expect(400);
      expect(res.body.code).toBe(ErrorCode.VALIDATION_FAILED);
      expect(res.body.message).toMatch(message);
    }
    const notObject = await request(one.url).post(`/api/documents/${id}/suggestions/proposals`).set('Cookie', owner.cookie).send([passage]).expect(400);
    expect(notObject.body.message).toBe('The request body must be a JSON object');
    expect(await list(id)).toEqual([]);
  });

  it('counts each user’s proposals across both replicas: past the limit a 429 that says when to retry, while others still propose', async () => {
    const flooder = await named();
    const id = await document([commenter, flooder]);
    const passage = [{ quote: { exact: 'Fix it.' }, replacement: 'Fix it by June.' }];
    for (let i = 0; i < PROPOSALS_PER_MINUTE; i++) await propose(id, flooder, passage, i % 2 ? two : one).expect(201);
    const refused = await propose(id, flooder, passage, two).expect(429);
    expect(refused.body).toEqual({ code: ErrorCode.RATE_LIMITED, message: expect.stringMatching(/^Too many suggestions\. Please try again in (\d+ seconds?|1 minute)\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await propose(id, commenter, passage, one).expect(201);
    expect((await list(id)).filter((s) => s.author.userId === flooder.id)).toHaveLength(PROPOSALS_PER_MINUTE);
  });
});
