import { browserRequest as request, testCallerToken } from '@prd/kit/testing';
import type { InternalCaller } from '@prd/kit';
import { cookieOf, signUp, startIdentityForPeers, type IdentityService, type TestUser } from '@prd/testing/identity';
import { startContent, type ContentService } from '@prd/testing/content';

export type { TestUser };

/** The real content service and the real identity service it asks about users and usage, sharing sessions. */
export interface ContentStack {
  identity: IdentityService;
  content: ContentService;
  close: () => Promise<void>;
}

export const GUEST_DOCS_LIMIT = 2;

/** `contentEnv` overrides content's configuration (e.g. a lower COMMENTS_PER_MINUTE). */
export async function startContentStack(contentEnv: Record<string, string> = {}): Promise<ContentStack> {
  const identity = await startIdentityForPeers({ GUEST_DOCS_LIMIT: String(GUEST_DOCS_LIMIT) });
  const content = await startContent(identity, contentEnv);
  return {
    identity,
    content,
    close: async () => {
      await content.close();
      await identity.close();
    },
  };
}

/** Signs up a registered user through identity's public route. */
export const registerUser = (stack: ContentStack, name?: string): Promise<TestUser> => signUp(stack.identity, name);

/** An anonymous visitor's first document makes them a guest (docs/decisions/0005-users-guests-and-limits.md); answers the guest and that document. */
export async function guestWithDocument(stack: ContentStack, title = 'Guest draft'): Promise<TestUser & { documentId: number }> {
  const res = await request(stack.content.url).post('/api/documents').send({ title, content: '## Idea\nA first note.' }).expect(201);
  const cookie = cookieOf(res);
  const me = await request(stack.identity.url).get('/api/current-user').set('Cookie', cookie).expect(200);
  return { id: me.body.id as number, cookie, documentId: res.body.id as number };
}

/** Headers of an internal call (docs/decisions/0003-internal-calls.md) as `caller` makes it. */
export const internalHeaders = (caller: InternalCaller = 'chat-worker') => ({ 'x-internal-token': testCallerToken(caller) });
