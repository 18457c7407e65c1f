import { eq } from 'drizzle-orm';
import type { CollabServer } from '../collab/collab.server.js';
import type { StoredChange } from '../collab/live-document.js';
import type { ContentTx } from '../db/database.js';
import { documents } from '../db/schema.js';

/** How a change's work ended: its value, or the error answered once the take-back is committed. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * The live update of a change being saved (docs/decisions/0045-accept-lands-fast.md): sent to the document's open editors as soon
 * as nothing can refuse the change any more (access, version, an accepted suggestion's status: all checked under the row locks),
 * before its rows (state, markdown, revision, activity) are written, so people see it without waiting for those writes. Should
 * those writes still fail (the database, not a rule), the change is taken back under the same row lock: its undoing is sent to
 * the editors and stored as the document's state (its markdown unchanged), so no live copy holds text that was not saved, and the
 * next outside edit starts from what the live copies hold.
 */
export class LiveFirst {
  private sent: { delivery: Promise<void>; change: StoredChange } | null = null;

  constructor(
    private readonly live: CollabServer,
    private readonly documentId: number,
  ) {}

  /** Delivers the change to open editors now (without waiting for them). */
  send(change: StoredChange): void {
    this.sent = { delivery: this.live.deliver(this.documentId, change.update), change };
  }

  /** After the commit: the change's decoded document is kept for the document's next one. */
  committed(): void {
    this.sent?.change.committed();
  }

  /**
   * Runs the change's work in a savepoint of `tx` (which holds the document's row lock). A failure before anything was sent is
   * thrown as it is; one after is taken back and returned, for the caller to commit the take-back and then answer the error.
   */
  async run<T>(tx: ContentTx, work: (savepoint: ContentTx) => Promise<T>): Promise<Outcome<T>> {
    try {
      return { ok: true, value: await tx.transaction(work) };
    } catch (error) {
      if (!this.sent) throw error;
      const { delivery, change } = this.sent;
      this.sent = null;
      const undo = change.undo();
      await delivery;
      await this.live.deliver(this.documentId, undo.update);
      await tx.update(documents).set({ yjsState: undo.state }).where(eq(documents.id, this.documentId));
      return { ok: false, error };
    }
  }
}
