import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import { badRequest, forbidden, toErrorResponse, versionConflict, type ActingUser } from '@prd/kit';
import {
  addCommentInput,
  createDocumentInput,
  getDocumentInput,
  getProjectInput,
  listDocumentsInput,
  listSuggestionsInput,
  MCP_ANSWER_MAX_CHARS,
  MCP_ANSWER_TOO_LARGE,
  MCP_DOCUMENT_URI,
  mcpDocumentUri,
  SEARCH_LIMIT_DEFAULT,
  searchDocumentsInput,
  suggestEditInput,
  SUGGESTIONS_PER_EDIT_MAX,
  TOO_MANY_PASSAGES,
  TOKEN_READ_ONLY,
  updateDocumentInput,
  documentParamsSchema,
  type DocumentDto,
  type TokenScope,
} from '@prd/proto';
import { changedPassages } from '@prd/proto/suggestion-passages';
import type { CommentsService } from '../comments/comments.service.js';
import { tokenAuthor } from '../documents/authors.js';
import type { DocumentsService } from '../documents/documents.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { SuggestionsService } from '../suggestions/suggestions.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';

/** The services the tools act through: every read and write passes the same access helper and limits as the browser's routes. */
export interface McpDeps {
  documents: DocumentsService;
  projects: ProjectsService;
  comments: CommentsService;
  workspaces: WorkspacesService;
  suggestions: SuggestionsService;
  logger: Logger;
}

/** Who a call acts for: the token's user and scope, and the request id (one document allowance per request). */
export interface McpCaller {
  user: ActingUser;
  scope: TokenScope;
  /** The token's name: the author of what the call writes. */
  token: string;
  requestId: string;
}

const json = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] });

/** A tool's failure as MCP tool error (`isError`) with the message the HTTP route would answer; unexpected ones are logged, never shown. */
function failed(error: unknown, logger: Logger, tool: string): CallToolResult {
  const { status, body, unexpected } = toErrorResponse(error);
  if (unexpected) logger.error({ err: error, tool, status }, 'MCP tool failed');
  return { isError: true, content: [{ type: 'text', text: body.message }] };
}

/** A document as an AI tool reads it: a line of facts (the version to pass to update_document among them), then its markdown. */
const markdownOf = (d: DocumentDto) => `<!-- document ${d.id} · ${d.title} · version ${d.version} · your role: ${d.role} · updated ${d.updatedAt} -->\n${d.content}`;

/**
 * docs/decisions/0015-programmatic-access.md: the MCP server of one call (stateless: a server per
 * request). Tool inputs are proto's contracts; the SDK answers invalid input, and the errors the
 * services throw (404, 403, 429 with their usual messages), as tool errors (`isError`).
 */
export function buildMcpServer(deps: McpDeps, caller: McpCaller): McpServer {
  const { user } = caller;
  // One server answers one POST, a batch included: its results share one budget, so a batch cannot
  // answer twenty copies of the largest document.
  let answerLeft = MCP_ANSWER_MAX_CHARS;
  const withinAnswer = (content: unknown): boolean => {
    const chars = JSON.stringify(content).length;
    if (chars > answerLeft) return false;
    answerLeft -= chars;
    return true;
  };
  const server = new McpServer({ name: 'prd-studio', version: '1.0.0' }, { instructions: 'PRD Studio: read, search and edit product requirements documents and projects.' });
  // Every tool goes through here, so its errors become tool errors with the usual messages.
  const guard =
    <A extends unknown[]>(tool: string, run: (...args: A) => Promise<CallToolResult>) =>
    async (...args: A): Promise<CallToolResult> => {
      try {
        const result = await run(...args);
        return withinAnswer(result.content) ? result : { isError: true, content: [{ type: 'text', text: MCP_ANSWER_TOO_LARGE }] };
      } catch (error) {
        return failed(error, deps.logger, tool);
      }
    };
  const writable = () => {
    if (caller.scope !== 'read-write') throw forbidden(TOKEN_READ_ONLY);
  };

  server.registerTool(
    'list_projects',
    { title: 'List projects', description: 'Your projects and those shared with you, with your role on each.', annotations: { readOnlyHint: true } },
    guard('list_projects', async () => json({ own: await deps.projects.list(user), shared: await deps.projects.listShared(user) })),
  );
  server.registerTool(
    'list_workspaces',
    {
      title: 'List workspaces',
      description: 'The workspaces you belong to, with your role in each (admin or member) and the role members have on their items.',
      annotations: { readOnlyHint: true },
    },
    guard('list_workspaces', async () => json(await deps.workspaces.list(user))),
  );
  server.registerTool(
    'get_project',
    { title: 'Get a project', description: "A project and its documents' titles.", inputSchema: getProjectInput, annotations: { readOnlyHint: true } },
    guard('get_project', async ({ id }) => json({ ...(await deps.projects.get(user, id)), documents: await deps.projects.documentTitles(user, id) })),
  );
  server.registerTool(
    'list_documents',
    {
      title: 'List documents',
      description: 'Your documents and those shared with you (newest first), or with `workspaceId` those of that workspace; optionally only those whose title contains `title`.',
      inputSchema: listDocumentsInput,
      annotations: { readOnlyHint: true },
    },
    guard('list_documents', async ({ title, workspaceId }) => {
      const needle = title?.toLowerCase();
      const matches = (t: string) => needle === undefined || t.toLowerCase().includes(needle);
      if (workspaceId !== undefined) return json({ workspace: (await deps.documents.listIn(user, workspaceId)).filter((d) => matches(d.title)) });
      const own = (await deps.documents.list(user)).filter((d) => matches(d.title));
      const shared = (await deps.documents.listShared(user)).filter((d) => matches(d.title));
      return json({ own, shared });
    }),
  );
  server.registerTool(
    'get_document',
    {
      title: 'Get a document',
      description: 'A document in markdown, after a first line that gives its version: pass it to update_document as expectedVersion.',
      inputSchema: getDocumentInput,
      annotations: { readOnlyHint: true },
    },
    guard('get_document', async ({ id }) => ({ content: [{ type: 'text', text: markdownOf(await deps.documents.get(user, id)) }] })),
  );
  server.registerTool(
    'search_documents',
    {
      title: 'Search documents',
      description: 'Full-text search over the titles and content of every document you may read (words, "a phrase", or, -word); best matches first.',
      inputSchema: searchDocumentsInput,
      annotations: { readOnlyHint: true },
    },
    guard('search_documents', async ({ query, limit }) => json(await deps.documents.search(user, query, limit ?? SEARCH_LIMIT_DEFAULT))),
  );
  server.registerTool(
    'create_document',
    {
      title: 'Create a document',
      description:
        'A new document of yours (markdown), optionally in a project of yours or in a workspace you belong to (`workspaceId`). Needs a read-write token; counts against your monthly documents.',
      inputSchema: createDocumentInput,
    },
    guard('create_document', async (input) => {
      writable();
      return json(await deps.documents.create(user, input, caller.requestId, tokenAuthor(user.id, caller.token)));
    }),
  );
  server.registerTool(
    'update_document',
    {
      title: 'Update a document',
      description:
        'Change a document’s title or content (markdown). Pass expectedVersion, the version get_document gave you, so that nobody’s edit since is overwritten: ' +
        'if the document changed, read it again and redo your change. Needs a read-write token and the editor role; the text it replaces is kept as a revision. ' +
        'With mode "suggest", each changed passage of the content becomes a suggestion that a person accepts or rejects instead (the commenter role is enough).',
      inputSchema: updateDocumentInput,
    },
    guard('update_document', async ({ id, expectedVersion, mode, ...change }) => {
      writable();
      if (mode === 'suggest') {
        if (change.content === undefined || change.title !== undefined || change.projectId !== undefined || change.workspaceId !== undefined)
          throw badRequest('mode "suggest" proposes a new content only: send content, without title, projectId or workspaceId');
        const document = await deps.documents.get(user, id, 'commenter');
        if (expectedVersion !== undefined && expectedVersion !== document.version) throw versionConflict(document.version);
        const passages = changedPassages(document.content, change.content);
        if (passages.length > SUGGESTIONS_PER_EDIT_MAX) throw badRequest(TOO_MANY_PASSAGES);
        if (passages.length === 0) return json({ suggestions: [] });
        return json({ suggestions: await deps.suggestions.create({ kind: 'token', user, token: caller.token }, id, passages) });
      }
      const versioned = expectedVersion === undefined ? change : { ...change, expectedVersions: [expectedVersion] };
      return json(await deps.documents.update(user, id, versioned, { source: 'user', author: tokenAuthor(user.id, caller.token) }));
    }),
  );
  server.registerTool(
    'suggest_edit',
    {
      title: 'Suggest an edit',
      description:
        'Propose replacing a passage of a document (quote.exact, with some of the text before and after it in quote.prefix and quote.suffix; an empty exact inserts between them) ' +
        'with `replacement` (markdown), for a person to accept or reject; labelled with this token’s name. Needs a read-write token and the commenter role.',
      inputSchema: suggestEditInput,
    },
    guard('suggest_edit', async ({ documentId, ...passage }) => {
      writable();
      const [suggestion] = await deps.suggestions.create({ kind: 'token', user, token: caller.token }, documentId, [passage], { strict: true });
      return json(suggestion);
    }),
  );
  server.registerTool(
    'list_suggestions',
    {
      title: 'List suggestions',
      description: 'A document’s suggestions, newest first, optionally only those of one status (pending, accepted, rejected, outdated).',
      inputSchema: listSuggestionsInput,
      annotations: { readOnlyHint: true },
    },
    guard('list_suggestions', async ({ documentId, status }) => json({ suggestions: await deps.suggestions.list(user, documentId, status) })),
  );
  server.registerTool(
    'add_comment',
    {
      title: 'Comment on a document',
      description: 'A comment on a document, optionally anchored to a quote of its text. Needs a read-write token and the commenter role.',
      inputSchema: addCommentInput,
    },
    guard('add_comment', async ({ documentId, ...comment }) => {
      writable();
      return json(await deps.comments.create(user, documentId, comment));
    }),
  );

  server.registerResource(
    'document',
    new ResourceTemplate(MCP_DOCUMENT_URI, {
      list: async () => ({
        resources: [...(await deps.documents.list(user)), ...(await deps.documents.listShared(user))].map((d) => ({
          uri: mcpDocumentUri(d.id),
          name: d.title,
          mimeType: 'text/markdown',
        })),
      }),
    }),
    { title: 'Document', description: 'A document in markdown', mimeType: 'text/markdown' },
    async (uri, { id }) => {
      const { id: documentId } = documentParamsSchema.parse({ id: String(id) });
      const document = await deps.documents.get(user, documentId);
      const contents = [{ uri: uri.href, mimeType: 'text/markdown', text: document.content }];
      if (!withinAnswer(contents)) throw new Error(MCP_ANSWER_TOO_LARGE);
      return { contents };
    },
  );
  return server;
}
