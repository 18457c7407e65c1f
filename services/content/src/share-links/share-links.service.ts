import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { DB, notFound } from '@prd/kit';
import { SHARE_LINK_NOT_FOUND, type SharedDocument, type ShareLink } from '@prd/proto';
import { access, type Owner } from '../access/access.js';
import type { ContentDb } from '../db/database.js';
import { documents, shareLinks } from '../db/schema.js';
import { PeopleService } from '../people/people.service.js';
import { RateLimits } from '../rate-limits/rate-limits.service.js';

/** 192 random bits, URL-safe: far beyond guessing (docs/decisions/0012-sharing-and-roles.md asks for at least 128). */
const newToken = () => randomBytes(24).toString('base64url');

/** Read-only links to a document (docs/decisions/0012-sharing-and-roles.md): the owner turns one on or off; anyone holding it may read. */
@Injectable()
export class ShareLinksService {
  constructor(
    @Inject(DB) private readonly db: ContentDb,
    private readonly people: PeopleService,
    private readonly limits: RateLimits,
  ) {}

  async current(owner: Owner | null, documentId: number, origin: string): Promise<ShareLink | null> {
    const document = await access.document(this.db, owner, documentId, 'owner');
    const [row] = await this.db.select({ token: shareLinks.token }).from(shareLinks).where(eq(shareLinks.documentId, document.id));
    return row ? this.link(row.token, origin) : null;
  }

  /** The document's link, created on first use; asking again answers the same link. */
  async create(owner: Owner | null, documentId: number, origin: string): Promise<ShareLink> {
    const document = await access.document(this.db, owner, documentId, 'owner');
    await this.db.insert(shareLinks).values({ documentId: document.id, token: newToken() }).onConflictDoNothing();
    const [row] = await this.db.select({ token: shareLinks.token }).from(shareLinks).where(eq(shareLinks.documentId, document.id));
    if (!row) throw notFound(SHARE_LINK_NOT_FOUND);
    return this.link(row.token, origin);
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
      .where(eq(shareLinks.token, token));
    if (!row) throw notFound(SHARE_LINK_NOT_FOUND);
    const owner = await this.people.profile(row.ownerId);
    return { title: row.title, content: row.content, updatedAt: row.updatedAt.toISOString(), owner: { name: owner?.name || owner?.username || 'a PRD Studio user' } };
  }

  private link(token: string, origin: string): ShareLink {
    return { token, url: `${origin}/share/${token}` };
  }
}
