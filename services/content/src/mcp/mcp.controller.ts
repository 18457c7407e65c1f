import { Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Logger } from 'pino';
import { AppError, CurrentUser, LOGGER, tokenNameOf, tokenScopeOf, unauthorized, WithUser, type ActingUser } from '@prd/kit';
import { ErrorCode, MCP_TOKEN_REQUIRED } from '@prd/proto';
import { CommentsService } from '../comments/comments.service.js';
import { DocumentsService } from '../documents/documents.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import { buildMcpServer } from './mcp-tools.js';

const STATELESS = new AppError(405, { code: ErrorCode.VALIDATION_FAILED, message: 'This MCP server is stateless: send JSON-RPC messages with POST' });

/**
 * docs/decisions/0015-programmatic-access.md: the MCP endpoint, Streamable HTTP in stateless mode with
 * JSON answers. Any replica can answer any call behind nginx (no MCP session to keep, nothing to
 * stream: every tool answers at once). Personal access tokens only; the guard checked the token and
 * the tools check its scope.
 */
@Controller('mcp')
export class McpController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly projects: ProjectsService,
    private readonly comments: CommentsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post()
  @WithUser({ bearerOnly: MCP_TOKEN_REQUIRED })
  async handle(@CurrentUser() user: ActingUser | null, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const scope = tokenScopeOf(request);
    const token = tokenNameOf(request);
    if (!user || !scope || token === undefined) throw unauthorized(MCP_TOKEN_REQUIRED);
    const server = buildMcpServer(
      { documents: this.documents, projects: this.projects, comments: this.comments, logger: this.logger },
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
  @WithUser({ bearerOnly: MCP_TOKEN_REQUIRED })
  stream(): never {
    throw STATELESS;
  }

  @Delete()
  @HttpCode(405)
  @WithUser({ bearerOnly: MCP_TOKEN_REQUIRED })
  end(): never {
    throw STATELESS;
  }
}
