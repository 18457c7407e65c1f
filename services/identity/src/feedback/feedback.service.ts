import { Inject, Injectable } from '@nestjs/common';
import { DB, type Database } from '@prd/kit';
import type { FeedbackAnswer } from '@prd/proto';
import * as tables from '../db/schema.js';

@Injectable()
export class FeedbackService {
  constructor(@Inject(DB) private readonly db: Database<typeof tables>) {}

  async submit(userId: number | null, content: string, rating: 1 | 2 | 3 | null): Promise<FeedbackAnswer> {
    const [row] = await this.db.insert(tables.feedback).values({ userId, content, rating }).returning();
    return { id: row!.id, content: row!.content, rating, createdAt: row!.createdAt.toISOString() };
  }
}
