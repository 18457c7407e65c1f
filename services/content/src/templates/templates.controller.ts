import { Controller, Get, Inject } from '@nestjs/common';
import { asc } from 'drizzle-orm';
import { DB, type Database } from '@prd/kit';
import type { Template } from '@prd/proto';
import * as tables from '../db/schema.js';

@Controller('api/templates')
export class TemplatesController {
  constructor(@Inject(DB) private readonly db: Database<typeof tables>) {}

  @Get()
  list(): Promise<Template[]> {
    const t = tables.templates;
    return this.db
      .select({ id: t.id, name: t.name, description: t.description, category: t.category, content: t.content, icon: t.icon, isDefault: t.isDefault })
      .from(t)
      .orderBy(asc(t.id));
  }
}
