import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { DB, notFound } from '@prd/kit';
import { SHARE_LINK_NOT_FOUND, type SharedDocument, type ShareLink, type ShareLinkState } from '@prd/proto';
import { access, type Owner } from '../access/access.js';
import type { ContentDb } from '../db/database.js';
import { documents, shareLinks } from '../db/schema.js';
import { PeopleService } from '../people/people.service.js';
import { RateLimits } from '../rate-limits/rate-limits.service.js';

/** 192 random bits, URL-safe: far beyond guessing (docs/decisions/0012-sharing-and-roles.md asks for at least 128). */
const newToken = () => randomBytes(24).toString('base64url');
/** What the table keeps of a token (docs/decisions/0030-share-link-hashes.md): its SHA-256, as the migration computed it for older links. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Read-only links to a document (docs/decisions/0012-sharing-and-roles.md): the owner turns one on or off; anyone holding it may read. */
@Injectable()
export class ShareLinksService {
  constructor(
    @Inject(DB) private readonly db: ContentDb,
    private readonly people: PeopleService,
    private readonly limits: RateLimits,
  ) {}

  /** Whether the link is on: the token is not kept, so its address cannot be given again. */
  async current(owner: Owner | null, documentId: number): Promise<ShareLinkState['link']> {
    const document = await access.document(this.db, owner, documentId, 'owner');
    const [row] = await this.db.select({ createdAt: shareLinks.createdAt }).from(shareLinks).where(eq(shareLinks.documentId, document.id));
    return row ? { createdAt: row.createdAt.toISOString() } : null;
  }

  /** A new link, the only time its token is told; one made earlier stops working. */
  async create(owner: Owner | null, documentId: number, origin: string): Promise<ShareLink> {
    const document = await access.document(this.db, owner, documentId, 'owner');
    const token = newToken();
    const tokenHash = hashToken(token);
    const [row] = await this.db
      .insert(shareLinks)
      .values({ documentId: document.id, tokenHash })
      .onConflictDoUpdate({ target: shareLinks.documentId, set: { tokenHash, createdAt: sql`now()` } })
      .returning({ createdAt: shareLinks.createdAt });
    return { token, url: `${origin}/share/${token}`, createdAt: row!.createdAt.toISOString() };
  }

  /** Revokes the link: its URL answers 404 from the next request on. */
  async revoke(owner: Owner | null, documentId: number): Promise<void> {
    const document = await access.document(this.db, owner, documentId, 'owner');
    await this.db.delete(shareLinks).where(eq(shareLinks.documentId, document.id));
  }

  /** What the link shows, to anyone; reads are counted per client address. */
  async read(token: string, address: string): Promise<SharedDocument> {
    await this.limits.shareLinkRead(address);
    const [row] = await this.db
      .select({ title: documents.title, content: documents.content, updatedAt: documents.updatedAt, ownerId: documents.ownerId })
      .from(shareLinks)
      .innerJoin(documents, eq(documents.id, shareLinks.documentId))
      .where(eq(shareLinks.tokenHash, hashToken(token)));
    if (!row) throw notFound(SHARE_LINK_NOT_FOUND);
    const owner = await this.people.profile(row.ownerId);
    return { title: row.title, content: row.content, updatedAt: row.updatedAt.toISOString(), owner: { name: owner?.name || owner?.username || 'a PRD Studio user' } };
  }
}
