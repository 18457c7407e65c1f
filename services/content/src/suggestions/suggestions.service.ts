import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { AppError, badRequest, conflict, DB, notFound, type ActingUser } from '@prd/kit';
import {
  DOCUMENT_NOT_FOUND,
  ErrorCode,
  locatePassage,
  SUGGESTION_NOT_FOUND,
  SUGGESTION_OUTDATED_MESSAGE,
  suggestionDecidedMessage,
  suggestionQuoteNotFoundMessage,
  suggestionsChangedMessage,
  type OwnerDto,
  type SuggestedPassage,
  type Suggestion,
  type SuggestionStatus,
} from '@prd/proto';
import { access, acting, ownerOf, type Granted, type Owner } from '../access/access.js';
import { ActivitiesService } from '../activities/activities.service.js';
import { CollabServer } from '../collab/collab.server.js';
import type { ContentDb, ContentTx, DocumentRow } from '../db/database.js';
import { suggestions, type StoredAuthor } from '../db/schema.js';
import { DocumentsService } from '../documents/documents.service.js';
import { PeopleService } from '../people/people.service.js';
import { RateLimits } from '../rate-limits/rate-limits.service.js';

type SuggestionRow = typeof suggestions.$inferSelect;

/** Who proposes: the AI for the user who asked, a token of its owner (by the token's name), or a person in suggesting mode (by name). */
export type Proposer = { kind: 'ai'; user: Owner } | { kind: 'token'; user: Owner; token: string } | { kind: 'user'; user: Owner; name: string };

/** How often an accept reads the document again when someone changed it between its read and its save. */
const ACCEPT_ATTEMPTS = 3;

const outdated = () => new AppError(409, { code: ErrorCode.SUGGESTION_OUTDATED, message: SUGGESTION_OUTDATED_MESSAGE });

/**
 * Suggestions on documents (docs/decisions/0041-suggestions.md): viewers read them, commenters and up propose them, owners and
 * editors accept (the passage is replaced through the documents' save, as any outside edit) or reject them. Every change is
 * announced to the document's open editors on every replica.
 */
@Injectable()
export class SuggestionsService {
  constructor(
    @Inject(DB) private readonly db: ContentDb,
    private readonly documents: DocumentsService,
    private readonly activities: ActivitiesService,
    private readonly people: PeopleService,
    private readonly live: CollabServer,
    private readonly limits: RateLimits,
  ) {}

  /** The document's suggestions, newest first, each placed in the current text; a pending one that no longer locates is `outdated`. */
  async list(user: Owner | null, documentId: number, status?: SuggestionStatus): Promise<Suggestion[]> {
    const document = await access.document(this.db, user, documentId, 'viewer');
    const rows = await this.db.select().from(suggestions).where(eq(suggestions.documentId, document.id)).orderBy(desc(suggestions.id));
    const all = await this.toSuggestions(rows, document.content);
    return status ? all.filter((s) => s.status === status) : all;
  }

  /**
   * Stores proposed changes of the document (commenters and up). `strict` (a token's): every quote must be in the
   * text now (400 otherwise); the AI's are stored as they are, and one whose passage changed meanwhile is listed as outdated.
   * The same `requestKey` (a retried AI job) answers the suggestions stored the first time.
   */
  async create(
    proposer: Exclude<Proposer, { kind: 'user' }>,
    documentId: number,
    passages: readonly SuggestedPassage[],
    options: { strict?: boolean; requestKey?: string } = {},
  ): Promise<Suggestion[]> {
    const document = await access.document(this.db, proposer.user, documentId, 'commenter');
    if (options.requestKey) {
      const stored = await this.db
        .select()
        .from(suggestions)
        .where(and(eq(suggestions.documentId, document.id), eq(suggestions.requestKey, options.requestKey)))
        .orderBy(suggestions.id);
      if (stored.length) return this.toSuggestions(stored, document.content);
    }
    if (options.strict) {
      const missing = passages.findIndex((p) => locatePassage(document.content, p.quote) === null);
      if (missing !== -1) throw badRequest(`The quoted text${passages.length > 1 ? ` of passage ${missing + 1}` : ''} is not in the document: read it again and quote it exactly`);
    }
    return this.store(document, proposer, passages, options.requestKey);
  }

  /**
   * A person's own suggestions, typed in suggesting mode (commenters and up, SUGGESTION_PROPOSALS_PER_MINUTE requests a minute):
   * each quote must be in the stored text now, else 409 SUGGESTION_QUOTE_NOT_FOUND and nothing is stored.
   */
  async propose(user: ActingUser | null, documentId: number, passages: readonly SuggestedPassage[]): Promise<Suggestion[]> {
    const person = acting(user, DOCUMENT_NOT_FOUND);
    const document = await access.document(this.db, person, documentId, 'commenter');
    // Before locating: a flood of 50 quotes of 20,000 characters each costs CPU.
    await this.limits.proposal(person.id);
    const missing = passages.findIndex((p) => locatePassage(document.content, p.quote) === null);
    if (missing !== -1) throw new AppError(409, { code: ErrorCode.SUGGESTION_QUOTE_NOT_FOUND, message: suggestionQuoteNotFoundMessage(missing, passages.length) });
    const profile = (await this.people.profiles([person.id])).get(person.id);
    return this.store(document, { kind: 'user', user: person, name: profile?.name || profile?.username || person.username }, passages);
  }

  /** Inserts the passages as pending suggestions of the proposer and announces them. */
  private async store(document: Granted<DocumentRow>, proposer: Proposer, passages: readonly SuggestedPassage[], requestKey?: string): Promise<Suggestion[]> {
    const author = this.authorOf(proposer);
    const rows = await this.db
      .insert(suggestions)
      .values(passages.map((p) => ({ documentId: document.id, quote: p.quote, replacement: p.replacement, note: p.note || null, ...author, requestKey: requestKey ?? null })))
      .returning();
    await this.announce(document.id);
    return this.toSuggestions(rows, document.content);
  }

  /**
   * Accepts a pending suggestion (owner and editors): its passage, located in the current markdown, is replaced through the
   * documents' save (a revision of the text it replaces, the new text attributed to the suggestion's author and to whoever
   * accepted, delivered to open editors), in the same transaction as its new status and the activity. A suggestion whose passage is
   * gone is stored as outdated and refused (409); a decided one is refused (409).
   */
  async accept(user: ActingUser | null, documentId: number, suggestionId: number): Promise<Suggestion> {
    const actor = acting(user, DOCUMENT_NOT_FOUND);
    for (let attempt = 1; ; attempt++) {
      const { document, row } = await this.decidable(actor, documentId, suggestionId);
      if (row.status === 'outdated') throw outdated();
      const at = locatePassage(document.content, row.quote);
      if (!at) {
        await this.db
          .update(suggestions)
          .set({ status: 'outdated' })
          .where(and(eq(suggestions.id, row.id), eq(suggestions.status, 'pending')));
        await this.announce(document.id);
        throw outdated();
      }
      const content = document.content.slice(0, at.start) + row.replacement + document.content.slice(at.end);
      const author: StoredAuthor = { kind: row.authorKind, userIds: [row.authorId], token: row.authorKind === 'token' ? row.authorName : null, acceptedBy: actor.id };
      let decided: SuggestionRow | undefined;
      try {
        // The version read: a change since (typing stored, another accept) refuses the save, and the passage is located again.
        await this.documents.save(
          actor,
          document.id,
          { content, expectedVersions: [document.version] },
          {
            source: row.authorKind === 'ai' ? 'ai' : 'user',
            author,
            alongside: async (tx, current) => {
              decided = await this.decide(tx, actor, current, row, 'accepted');
            },
          },
        );
      } catch (err) {
        if (err instanceof AppError && err.status === 412 && attempt < ACCEPT_ATTEMPTS) continue;
        throw err;
      }
      await this.announce(document.id);
      const [accepted] = await this.toSuggestions([decided!], content);
      return accepted!;
    }
  }

  /** Rejects a pending or outdated suggestion (owner and editors): the text does not change; an activity is recorded. */
  async reject(user: ActingUser | null, documentId: number, suggestionId: number): Promise<Suggestion> {
    const actor = acting(user, DOCUMENT_NOT_FOUND);
    const { document, row } = await this.decidable(actor, documentId, suggestionId);
    const rejected = await this.db.transaction((tx) => this.decide(tx, actor, document, row, 'rejected'));
    await this.announce(document.id);
    const [answer] = await this.toSuggestions([rejected], document.content);
    return answer!;
  }

  /** The document (editor role: 404 without any, 403 naming the role) and its undecided suggestion (404 when it is another document's). */
  private async decidable(actor: Owner, documentId: number, suggestionId: number): Promise<{ document: Granted<DocumentRow>; row: SuggestionRow }> {
    const document = await access.document(this.db, actor, documentId, 'editor');
    const [row] = await this.db
      .select()
      .from(suggestions)
      .where(and(eq(suggestions.id, suggestionId), eq(suggestions.documentId, document.id)));
    if (!row) throw notFound(SUGGESTION_NOT_FOUND);
    if (row.status === 'accepted' || row.status === 'rejected') throw conflict(suggestionDecidedMessage(row.status));
    return { document, row };
  }

  /** The decision, only over an undecided suggestion (two deciders at once: the second gets 409), with the owner's activity. */
  private async decide(tx: ContentTx, actor: ActingUser, document: Granted<DocumentRow>, row: SuggestionRow, status: 'accepted' | 'rejected') {
    const [decided] = await tx
      .update(suggestions)
      .set({ status, decidedBy: actor.id, decidedAt: new Date() })
      // Only a pending one is accepted; an outdated one may still be rejected.
      .where(and(eq(suggestions.id, row.id), inArray(suggestions.status, status === 'accepted' ? ['pending'] : ['pending', 'outdated'])))
      .returning();
    if (!decided) throw conflict(suggestionDecidedMessage(status));
    await this.activities.record(tx, ownerOf(document), actor, status === 'accepted' ? 'suggestion_accepted' : 'suggestion_rejected', {
      documentId: document.id,
      projectId: document.projectId,
      title: document.title,
    });
    return decided;
  }

  /** Tells every open editor of the document, on every replica, that its suggestions changed. */
  private announce(documentId: number): Promise<void> {
    return this.live.broadcast(documentId, suggestionsChangedMessage(documentId));
  }

  private authorOf(proposer: Proposer): Pick<SuggestionRow, 'authorKind' | 'authorName' | 'authorId'> {
    if (proposer.kind === 'token') return { authorKind: 'token', authorName: proposer.token, authorId: proposer.user.id };
    if (proposer.kind === 'user') return { authorKind: 'user', authorName: proposer.name, authorId: proposer.user.id };
    return { authorKind: 'ai', authorName: 'AI', authorId: proposer.user.id };
  }

  private async toSuggestions(rows: SuggestionRow[], content: string): Promise<Suggestion[]> {
    const profiles = await this.people.profiles(rows.flatMap((r) => [...(r.authorKind === 'ai' ? [r.authorId] : []), ...(r.decidedBy === null ? [] : [r.decidedBy])]));
    const person = (id: number): OwnerDto => profiles.get(id) ?? { id, username: '', name: null };
    return rows.map((r) => {
      const position = r.status === 'pending' ? locatePassage(content, r.quote) : null;
      return {
        id: r.id,
        documentId: r.documentId,
        status: r.status === 'pending' && position === null ? 'outdated' : r.status,
        author: { kind: r.authorKind, name: r.authorName, userId: r.authorId, requestedBy: r.authorKind === 'ai' ? person(r.authorId) : null },
        quote: r.quote,
        replacement: r.replacement,
        note: r.note,
        position,
        createdAt: r.createdAt.toISOString(),
        decidedAt: r.decidedAt?.toISOString() ?? null,
        decidedBy: r.decidedBy === null ? null : person(r.decidedBy),
      };
    });
  }
}
