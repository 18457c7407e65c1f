import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, sql } from 'drizzle-orm';
import { DB } from '@prd/kit';
import { CUSTOM_TEMPLATE_ICON, type CreateTemplate, type Template, type UpdateTemplate } from '@prd/proto';
import { access, type Owner } from '../access/access.js';
import type { ContentDb } from '../db/database.js';
import { templates } from '../db/schema.js';

type TemplateRow = typeof templates.$inferSelect;

const columns = {
  id: templates.id,
  name: templates.name,
  description: templates.description,
  category: templates.category,
  content: templates.content,
  icon: templates.icon,
  isDefault: templates.isDefault,
  ownerId: templates.ownerId,
  workspaceId: templates.workspaceId,
};

function toTemplate(row: Pick<TemplateRow, keyof typeof columns>): Template {
  const { id, name, description, category, content, icon, isDefault, ownerId, workspaceId } = row;
  const source = ownerId === null ? 'builtin' : workspaceId === null ? 'personal' : 'workspace';
  return { id, name, description, category, content, icon, isDefault, source, workspaceId };
}

/**
 * The template catalogue, public to everyone, and the templates users save (docs/decisions/0038-custom-templates.md): their
 * own, or their workspace's; `access.template` decides who uses and who changes one.
 */
@Injectable()
export class TemplatesService {
  constructor(@Inject(DB) private readonly db: ContentDb) {}

  /** The built-in templates first (catalogue order), then the user's own, then their workspaces' (oldest first). */
  async list(user: Owner | null): Promise<Template[]> {
    const rows = await this.db
      .select(columns)
      .from(templates)
      .where(access.usableTemplates(user))
      .orderBy(sql`${templates.ownerId} is not null`, sql`${templates.workspaceId} is not null`, asc(templates.id));
    return rows.map(toTemplate);
  }

  async get(user: Owner | null, id: number): Promise<Template> {
    return toTemplate(await access.template(this.db, user, id, 'use'));
  }

  /** The user's own template, or with `workspaceId` one of a workspace they belong to (404 otherwise). */
  async create(user: Owner, { workspaceId, ...input }: CreateTemplate): Promise<Template> {
    if (workspaceId) await access.workspace(this.db, user, workspaceId, 'member');
    const [row] = await this.db
      .insert(templates)
      .values({ ...input, icon: CUSTOM_TEMPLATE_ICON, ownerId: user.id, workspaceId: workspaceId ?? null })
      .returning(columns);
    if (!row) throw new Error('insert returned no row');
    return toTemplate(row);
  }

  async update(user: Owner, id: number, change: UpdateTemplate): Promise<Template> {
    const current = await access.template(this.db, user, id, 'change');
    const [row] = await this.db.update(templates).set(change).where(eq(templates.id, current.id)).returning(columns);
    return toTemplate(row ?? current);
  }

  async remove(user: Owner, id: number): Promise<void> {
    const current = await access.template(this.db, user, id, 'change');
    await this.db.delete(templates).where(eq(templates.id, current.id));
  }
}
