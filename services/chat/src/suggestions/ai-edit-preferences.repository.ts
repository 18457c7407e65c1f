import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { DB, type Database } from '@prd/kit';
import type { AiEditMode } from '@prd/proto';
import * as tables from '../db/schema.js';

const p = tables.aiEditPreferences;

/** Whether a user's document chat applies the AI's edits or suggests them (docs/decisions/0041-suggestions.md); apply unless chosen. */
@Injectable()
export class AiEditPreferences {
  constructor(@Inject(DB) private readonly db: Database<typeof tables>) {}

  async get(userId: number, documentId: number): Promise<AiEditMode> {
    const [row] = await this.db
      .select({ mode: p.mode })
      .from(p)
      .where(and(eq(p.userId, userId), eq(p.documentId, documentId)));
    return row?.mode ?? 'apply';
  }

  async set(userId: number, documentId: number, mode: AiEditMode): Promise<void> {
    await this.db
      .insert(p)
      .values({ userId, documentId, mode })
      .onConflictDoUpdate({ target: [p.userId, p.documentId], set: { mode, updatedAt: sql`now()` } });
  }
}
