import { Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Logger } from 'pino';
import { AppError, badRequest, BearerOnlyRoute, BearerService, bearerChallenge, CurrentUser, LOGGER, tokenNameOf, tokenScopeOf, WithUser, type ActingUser } from '@prd/kit';
import { ErrorCode, MCP_BATCH_MAX, MCP_BATCH_TOO_LARGE, MCP_TOKEN_REQUIRED } from '@prd/proto';
import { CommentsService } from '../comments/comments.service.js';
import { DocumentsService } from '../documents/documents.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import { SuggestionsService } from '../suggestions/suggestions.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { buildMcpServer } from './mcp-tools.js';

const STATELESS = new AppError(405, { code: ErrorCode.VALIDATION_FAILED, message: 'This MCP server is stateless: send JSON-RPC messages with POST' });

/**
 * docs/decisions/0015-programmatic-access.md: the MCP endpoint, Streamable HTTP in stateless mode with
 * JSON answers. Any replica can answer any call behind nginx (no MCP session to keep, nothing to
 * stream: every tool answers at once). Personal access tokens only; the guard checked the token and
 * the tools check its scope. A JSON-RPC batch is as many calls against the token's rate limit as it
 * holds messages, and holds MCP_BATCH_MAX at most.
 */
@Controller('mcp')
export class McpController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly projects: ProjectsService,
    private readonly comments: CommentsService,
    private readonly workspaces: WorkspacesService,
    private readonly suggestions: SuggestionsService,
    private readonly bearer: BearerService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post()
  @BearerOnlyRoute()
  @WithUser({ bearerOnly: MCP_TOKEN_REQUIRED })
  async handle(@CurrentUser() user: ActingUser | null, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const scope = tokenScopeOf(request);
    const token = tokenNameOf(request);
    if (!user || !scope || token === undefined) throw bearerChallenge(MCP_TOKEN_REQUIRED);
    if (Array.isArray(request.body)) {
      if (request.body.length > MCP_BATCH_MAX) throw badRequest(MCP_BATCH_TOO_LARGE);
      await this.bearer.chargeMore(request, request.body.length - 1);
    }
    const server = buildMcpServer(
      { documents: this.documents, projects: this.projects, comments: this.comments, workspaces: this.workspaces, suggestions: this.suggestions, logger: this.logger },
      { user, scope, token, requestId: request.id },
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    // The headers the kit's hooks set (request id, service) go out on the raw answer too.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  }

  /** No server-initiated stream and no session to end in stateless mode. */
  @Get()
  @HttpCode(405)
  @BearerOnlyRoute()
  @WithUser({ bearerOnly: MCP_TOKEN_REQUIRED })
  stream(): never {
    throw STATELESS;
  }

  @Delete()
  @HttpCode(405)
  @BearerOnlyRoute()
  @WithUser({ bearerOnly: MCP_TOKEN_REQUIRED })
  end(): never {
    throw STATELESS;
  }
}
