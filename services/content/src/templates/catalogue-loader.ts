import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { notInArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { DB, LOGGER } from '@prd/kit';
import type { ContentDb } from '../db/database.js';
import { templates } from '../db/schema.js';
import { TEMPLATE_CATALOGUE, type CatalogueTemplate } from '@prd/proto/template-catalogue';

/** A fixed key: concurrent loads of the catalogue wait for one another. */
const CATALOGUE_LOCK_KEY = 727_274_002;

/**
 * Loads the catalogue at start-up (after the kit's migrations): upsert by slug, so loading again
 * never duplicates a template and an edited template updates its row, keeping its id.
 */
@Injectable()
export class CatalogueLoader implements OnApplicationBootstrap {
  constructor(
    @Inject(DB) private readonly db: ContentDb,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    await this.load(TEMPLATE_CATALOGUE);
  }

  async load(catalogue: readonly CatalogueTemplate[]): Promise<void> {
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
    await this.db.transaction(async (tx) => {
      // Replicas start together: without this lock their inserts interleave, each row taking the next id of the sequence
      // while the other's conflicting row waits, so the catalogue's ids get gaps and no longer count from 1 as the
      // prerendered gallery's links assume (LISTED_CATALOGUE). Held until the commit.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${CATALOGUE_LOCK_KEY})`);
      await tx
        .insert(templates)
        .values(catalogue.map((t) => ({ ...t, isDefault: t.isDefault ?? false })))
        .onConflictDoUpdate({
          target: templates.slug,
          set: {
            name: excluded('name'),
            description: excluded('description'),
            category: excluded('category'),
            icon: excluded('icon'),
            content: excluded('content'),
            isDefault: excluded('is_default'),
          },
        });
      // A template dropped from the catalogue stays (links to it keep working) but can no longer be the default.
      await tx
        .update(templates)
        .set({ isDefault: false })
        .where(
          notInArray(
            templates.slug,
            catalogue.map((t) => t.slug),
          ),
        );
    });
    this.logger.info({ templates: catalogue.length }, 'template catalogue loaded');
  }
}
