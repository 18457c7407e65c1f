import { Inject, Injectable } from '@nestjs/common';
import { desc, sql } from 'drizzle-orm';
import { DB } from '@prd/kit';
import { AI_DOCUMENT_MAX_CHARS, PROJECT_CONTEXT_DOCUMENTS, PROJECT_NOT_FOUND, type CreateProject, type DocumentDto, type ProjectContext, type ProjectDto, type UpdateProject } from '@prd/proto';
import { access, found, ownerOf, type Owned, type Owner } from '../access/access.js';
import { ActivitiesService } from '../activities/activities.service.js';
import type { ContentDb, Executor } from '../db/database.js';
import { documents, projects } from '../db/schema.js';
import { toDocumentDto } from '../documents/document-dto.js';

type ProjectRow = typeof projects.$inferSelect;

function toProjectDto(row: ProjectRow): ProjectDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

@Injectable()
export class ProjectsService {
  constructor(
    @Inject(DB) private readonly db: ContentDb,
    private readonly activities: ActivitiesService,
  ) {}

  /** The owner's projects, most recently updated first. */
  async list(owner: Owner): Promise<ProjectDto[]> {
    const rows = await this.db.select().from(projects).where(access.projects(owner)).orderBy(desc(projects.updatedAt), desc(projects.id));
    return rows.map(toProjectDto);
  }

  async get(owner: Owner, id: number): Promise<ProjectDto> {
    return toProjectDto(await this.find(this.db, owner, id));
  }

  create(owner: Owner, input: CreateProject): Promise<ProjectDto> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(projects).values({ ownerId: owner.id, ...input }).returning();
      const project = found(row, PROJECT_NOT_FOUND);
      await this.activities.record(tx, owner, 'project_created', { projectId: project.id, title: project.name });
      return toProjectDto(project);
    });
  }

  update(owner: Owner, id: number, change: UpdateProject): Promise<ProjectDto> {
    return this.db.transaction(async (tx) => {
      const current = await this.find(tx, owner, id, true);
      const [row] = await tx
        .update(projects)
        .set({ ...change, updatedAt: sql`now()` })
        .where(access.project(ownerOf(current), current.id))
        .returning();
      const project = found(row, PROJECT_NOT_FOUND);
      await this.activities.record(tx, owner, 'project_updated', { projectId: project.id, title: project.name });
      return toProjectDto(project);
    });
  }

  /** Deletes the project; its documents stay, detached from it. */
  async remove(owner: Owner, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Lock order documents, then project, as a document change does: concurrent detaching cannot deadlock.
      await tx.select({ id: documents.id }).from(documents).where(access.projectDocuments(owner, await this.find(tx, owner, id))).for('update');
      const current = await this.find(tx, owner, id, true);
      await tx.update(documents).set({ projectId: null }).where(access.projectDocuments(owner, current));
      await tx.delete(projects).where(access.project(owner, current.id));
      await this.activities.record(tx, owner, 'project_deleted', { projectId: current.id, title: current.name });
    });
  }

  /** One page of the project's documents with their content (the cards show a preview), most recently updated first. */
  async documents(owner: Owner, id: number, page: { limit: number; offset: number }): Promise<{ documents: DocumentDto[]; total: number }> {
    const project = await this.find(this.db, owner, id);
    const where = access.projectDocuments(owner, project);
    const [rows, [count]] = await Promise.all([
      this.db.select().from(documents).where(where).orderBy(desc(documents.updatedAt), desc(documents.id)).limit(page.limit).offset(page.offset),
      this.db.select({ total: sql<number>`count(*)::int` }).from(documents).where(where),
    ]);
    return { documents: rows.map(toDocumentDto), total: count?.total ?? 0 };
  }

  /**
   * The context of project chat: the project and its documents, oldest first, each cut to what one
   * prompt can hold (AI_DOCUMENT_MAX_CHARS), at most PROJECT_CONTEXT_DOCUMENTS of them (the most
   * recently updated); chat then fits them to its prompt budget.
   */
  async context(owner: Owner, id: number): Promise<ProjectContext> {
    const project = await this.find(this.db, owner, id);
    const recent = await this.db
      .select({ id: documents.id, title: documents.title, content: sql<string>`left(${documents.content}, ${AI_DOCUMENT_MAX_CHARS})`, createdAt: documents.createdAt })
      .from(documents)
      .where(access.projectDocuments(owner, project))
      .orderBy(desc(documents.updatedAt), desc(documents.id))
      .limit(PROJECT_CONTEXT_DOCUMENTS);
    const rows = recent
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
      .map(({ id: documentId, title, content }) => ({ id: documentId, title, content }));
    return { project: { id: project.id, name: project.name, description: project.description, status: project.status }, documents: rows };
  }

  private async find(db: Executor, owner: Owner, id: number, lock = false): Promise<Owned<ProjectRow>> {
    const query = db.select().from(projects).where(access.project(owner, id));
    const [row] = lock ? await query.for('update') : await query;
    return found(row, PROJECT_NOT_FOUND);
  }
}
