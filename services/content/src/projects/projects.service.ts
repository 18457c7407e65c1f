import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, sql } from 'drizzle-orm';
import { DB } from '@prd/kit';
import {
  AI_DOCUMENT_MAX_CHARS,
  PROJECT_CONTEXT_DOCUMENTS,
  strongerRole,
  type CreateProject,
  type DocumentDto,
  type ProjectContext,
  type ProjectDto,
  type Role,
  type SharedProjectDto,
  type UpdateProject,
  type WorkspaceFilter,
} from '@prd/proto';
import { access, type Owner } from '../access/access.js';
import { ActivitiesService, type Actor } from '../activities/activities.service.js';
import { documentColumns, type ContentDb } from '../db/database.js';
import { documentGrants, documents, projectGrants, projects } from '../db/schema.js';
import { toDocumentDto } from '../documents/document-dto.js';
import { PeopleService } from '../people/people.service.js';
import { RevocationsService } from '../shares/revocations.service.js';

type ProjectRow = typeof projects.$inferSelect;

function toProjectDto(row: ProjectRow, role: Role): ProjectDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    workspaceId: row.workspaceId,
    role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

@Injectable()
export class ProjectsService {
  constructor(
    @Inject(DB) private readonly db: ContentDb,
    private readonly activities: ActivitiesService,
    private readonly people: PeopleService,
    private readonly revocations: RevocationsService,
  ) {}

  /** The owner's projects, most recently updated first. */
  async list(owner: Owner): Promise<ProjectDto[]> {
    const rows = await this.db.select().from(projects).where(access.ownProjects(owner)).orderBy(desc(projects.updatedAt), desc(projects.id));
    return rows.map((row) => toProjectDto(row, 'owner'));
  }

  /** Projects others shared with the user, with the user's role and each owner. */
  async listShared(user: Owner): Promise<SharedProjectDto[]> {
    const rows = await access.sharedProjects(this.db, user);
    const owners = await this.people.profiles(rows.map((r) => r.project.ownerId));
    return rows.flatMap(({ project, role }) => {
      const owner = owners.get(project.ownerId);
      return owner ? [{ ...toProjectDto(project, role), owner }] : [];
    });
  }

  /**
   * `?workspace=`: the projects of a workspace the user belongs to (404 otherwise), with the user's role and each owner, or
   * with `personal` the user's own outside any workspace.
   */
  async listIn(user: Owner, filter: WorkspaceFilter): Promise<ProjectDto[] | SharedProjectDto[]> {
    if (filter === 'personal') return (await this.list(user)).filter((p) => p.workspaceId === null);
    const workspace = await access.workspace(this.db, user, filter, 'member');
    const rows = await this.db.select().from(projects).where(access.workspaceProjects(workspace)).orderBy(desc(projects.updatedAt), desc(projects.id));
    const owners = await this.people.profiles(rows.map((r) => r.ownerId));
    return rows.flatMap((project) => {
      const owner = owners.get(project.ownerId);
      return owner ? [{ ...toProjectDto(project, project.ownerId === user.id ? 'owner' : workspace.role), owner }] : [];
    });
  }

  async get(user: Owner, id: number): Promise<ProjectDto> {
    const project = await access.project(this.db, user, id, 'viewer');
    return toProjectDto(project, project.role);
  }

  /** In a workspace the user belongs to (404 otherwise), or in their Personal space. */
  create(owner: Owner, { workspaceId, ...input }: CreateProject): Promise<ProjectDto> {
    return this.db.transaction(async (tx) => {
      if (workspaceId) await access.workspace(tx, owner, workspaceId, 'member', { lock: 'share' });
      const [project] = await tx
        .insert(projects)
        .values({ ownerId: owner.id, ...input, workspaceId: workspaceId ?? null })
        .returning();
      if (!project) throw new Error('insert returned no row');
      await this.activities.record(tx, owner, owner, 'project_created', { projectId: project.id, title: project.name });
      return toProjectDto(project, 'owner');
    });
  }

  /**
   * Editors may rename and describe a project; it stays its owner's. Moving it to a workspace the actor belongs to (or to
   * Personal) needs the owner role (admins of its workspace have it) and takes its documents along: the members of the
   * workspace it leaves lose them at once, live editors included.
   */
  async update(actor: Actor, id: number, { workspaceId, ...change }: UpdateProject): Promise<ProjectDto> {
    const moved = await this.db.transaction(async (tx) => {
      const moving = workspaceId !== undefined;
      // Lock order documents, then project, as a document change does.
      const seen = await access.project(tx, actor, id, moving ? 'owner' : 'editor');
      const held = moving ? await tx.select({ id: documents.id }).from(documents).where(access.projectDocuments(seen)).for('update') : [];
      const current = await access.project(tx, actor, id, moving ? 'owner' : 'editor', { lock: 'update' });
      if (workspaceId) await access.workspace(tx, actor, workspaceId, 'member', { lock: 'share' });
      const target = moving ? workspaceId : current.workspaceId;
      const [project] = await tx
        .update(projects)
        .set({ ...change, workspaceId: target, updatedAt: sql`now()` })
        .where(eq(projects.id, current.id))
        .returning();
      if (!project) throw new Error('update returned no row');
      if (target !== current.workspaceId) await tx.update(documents).set({ workspaceId: target }).where(access.projectDocuments(current));
      await this.activities.record(tx, { id: current.ownerId }, actor, 'project_updated', { projectId: project.id, title: project.name });
      const left = target !== current.workspaceId ? current.workspaceId : null;
      return { dto: toProjectDto(project, current.role), left, documentIds: held.map((d) => d.id) };
    });
    if (moved.left !== null) await this.revocations.leftWorkspace(moved.left, moved.documentIds);
    return moved.dto;
  }

  /**
   * Deletes the project (its owner only); its documents stay, detached from it, and its grants go with
   * it: once committed, every member's realtime sessions on them are told (live editors close).
   */
  async remove(owner: Owner, id: number): Promise<void> {
    const lost = await this.db.transaction(async (tx) => {
      // Lock order documents, then project, as a document change does: concurrent detaching cannot deadlock.
      const project = await access.project(tx, owner, id, 'owner');
      const detached = await tx.select({ id: documents.id }).from(documents).where(access.projectDocuments(project)).for('update');
      const current = await access.project(tx, owner, id, 'owner', { lock: 'update' });
      const members = await tx.select({ userId: projectGrants.userId }).from(projectGrants).where(eq(projectGrants.projectId, current.id));
      await tx.update(documents).set({ projectId: null }).where(access.projectDocuments(current));
      await tx.delete(projects).where(eq(projects.id, current.id));
      await this.activities.record(tx, owner, owner, 'project_deleted', { projectId: current.id, title: current.name });
      return { members: members.map((m) => m.userId), documentIds: detached.map((d) => d.id) };
    });
    await this.revocations.projectDeleted(id, lost.members, lost.documentIds);
  }

  /**
   * One page of the project's documents with their content (the cards show a preview), most recently
   * updated first, each with the user's role: the project's, or a stronger direct grant on the document.
   */
  async documents(user: Owner, id: number, page: { limit: number; offset: number }): Promise<{ documents: DocumentDto[]; total: number }> {
    const project = await access.project(this.db, user, id, 'viewer');
    const where = access.projectDocuments(project);
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ document: documentColumns, direct: documentGrants.role })
        .from(documents)
        .leftJoin(documentGrants, and(eq(documentGrants.documentId, documents.id), eq(documentGrants.userId, user.id)))
        .where(where)
        .orderBy(desc(documents.updatedAt), desc(documents.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(documents)
        .where(where),
    ]);
    return { documents: rows.map((r) => toDocumentDto(r.document, strongerRole(project.role, r.direct) ?? project.role)), total: count?.total ?? 0 };
  }

  /** The ids and titles of all the project's documents, most recently updated first (the MCP `get_project` tool). */
  async documentTitles(user: Owner, id: number): Promise<Array<{ id: number; title: string; updatedAt: string }>> {
    const project = await access.project(this.db, user, id, 'viewer');
    const rows = await this.db
      .select({ id: documents.id, title: documents.title, updatedAt: documents.updatedAt })
      .from(documents)
      .where(access.projectDocuments(project))
      .orderBy(desc(documents.updatedAt), desc(documents.id));
    return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
  }

  /** Whether the user has at least `needed` on the project (404 / 403 otherwise); no document is read. */
  async check(user: Owner, id: number, needed: Role): Promise<number> {
    return (await access.projectAccess(this.db, user, id, needed)).id;
  }

  /**
   * The context of project chat: the project and its documents, oldest first, each cut to what one
   * prompt can hold (AI_DOCUMENT_MAX_CHARS), at most PROJECT_CONTEXT_DOCUMENTS of them (the most
   * recently updated); chat then fits them to its prompt budget. The user needs at least `needed`.
   */
  async context(user: Owner, id: number, needed: Role): Promise<ProjectContext> {
    const project = await access.project(this.db, user, id, needed);
    const recent = await this.db
      .select({ id: documents.id, title: documents.title, content: sql<string>`left(${documents.content}, ${AI_DOCUMENT_MAX_CHARS})`, createdAt: documents.createdAt })
      .from(documents)
      .where(access.projectDocuments(project))
      .orderBy(desc(documents.updatedAt), desc(documents.id))
      .limit(PROJECT_CONTEXT_DOCUMENTS);
    const rows = recent
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
      .map(({ id: documentId, title, content }) => ({ id: documentId, title, content }));
    return { project: { id: project.id, name: project.name, description: project.description, status: project.status }, role: project.role, documents: rows };
  }
}
