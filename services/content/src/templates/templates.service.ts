import { Inject, Injectable } from '@nestjs/common';
import { asc, eq } from 'drizzle-orm';
import { DB, notFound } from '@prd/kit';
import { TEMPLATE_NOT_FOUND, type Template } from '@prd/proto';
import type { ContentDb } from '../db/database.js';
import { templates } from '../db/schema.js';

const columns = {
  id: templates.id,
  name: templates.name,
  description: templates.description,
  category: templates.category,
  content: templates.content,
  icon: templates.icon,
  isDefault: templates.isDefault,
};

/** The template catalogue: public to everyone, so its queries need no owner. */
@Injectable()
export class TemplatesService {
  constructor(@Inject(DB) private readonly db: ContentDb) {}

  list(): Promise<Template[]> {
    return this.db.select(columns).from(templates).orderBy(asc(templates.id));
  }

  async get(id: number): Promise<Template> {
    const [row] = await this.db.select(columns).from(templates).where(eq(templates.id, id));
    if (!row) throw notFound(TEMPLATE_NOT_FOUND);
    return row;
  }
}
