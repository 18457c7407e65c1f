import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { DB, type Database } from '@prd/kit';
import * as tables from '../db/schema.js';

export type FlowRow = typeof tables.documentFlows.$inferSelect;
type Tx = Parameters<Parameters<Database<typeof tables>['transaction']>[0]>[0];
const f = tables.documentFlows;

@Injectable()
export class FlowsRepository {
  constructor(@Inject(DB) private readonly db: Database<typeof tables>) {}

  async create(row: typeof tables.documentFlows.$inferInsert): Promise<void> {
    await this.db.insert(f).values(row);
  }

  async remove(documentId: number): Promise<void> {
    await this.db.delete(f).where(eq(f.documentId, documentId));
  }

  /** The user's flow for a document; another user's is none. */
  async find(documentId: number, userId: number): Promise<FlowRow | null> {
    const [row] = await this.db
      .select()
      .from(f)
      .where(and(eq(f.documentId, documentId), eq(f.userId, userId)));
    return row ?? null;
  }

  async setMode(documentId: number, mode: FlowRow['mode']): Promise<void> {
    await this.db.update(f).set({ mode }).where(eq(f.documentId, documentId));
  }

  async advance(tx: Tx, documentId: number, state: { step: number; followUp: boolean }, complete: boolean): Promise<void> {
    await tx
      .update(f)
      .set({ step: state.step, followUp: state.followUp, completedAt: complete ? new Date() : null })
      .where(eq(f.documentId, documentId));
  }
}
