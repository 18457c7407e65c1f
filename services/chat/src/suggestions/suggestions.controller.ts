import { Body, Controller, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, notFound, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import {
  aiEditPreferenceSchema,
  askSuggestionSchema,
  chatDocumentParamsSchema,
  DOCUMENT_NOT_FOUND,
  documentParamsSchema,
  type AiEditPreference,
  type AskSuggestion,
} from '@prd/proto';
import { ReplyResponder } from '../streaming/reply-responder.js';
import { SuggestionsService } from './suggestions.service.js';

/** "Ask AI" (docs/decisions/0041-suggestions.md): content lists, accepts and rejects suggestions on the same path; asking for one is here, beside the other AI routes. */
@Controller('api/documents/:id/suggestions')
export class AskSuggestionController {
  constructor(
    private readonly suggestions: SuggestionsService,
    private readonly responder: ReplyResponder,
  ) {}

  /** JSON (201), or Server-Sent Events with `Accept: text/event-stream`: the replacement as it is written, then the stored suggestions. */
  @Post()
  @HttpCode(201)
  @WithUser()
  ask(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(documentParamsSchema)) { id }: { id: number },
    @Body(new ZodPipe(askSuggestionSchema)) body: AskSuggestion,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!user) throw notFound(DOCUMENT_NOT_FOUND);
    return this.responder.answer(request, reply, (live) => this.suggestions.ask(user.id, id, body, live), 201);
  }
}

/** The document chat's choice: apply the AI's edits, or suggest them for review. */
@Controller('api/chat/:documentId/ai-edits')
export class AiEditPreferenceController {
  constructor(private readonly suggestions: SuggestionsService) {}

  @Get()
  @WithUser()
  get(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(chatDocumentParamsSchema)) { documentId }: { documentId: number }): Promise<AiEditPreference> {
    if (!user) throw notFound(DOCUMENT_NOT_FOUND);
    return this.suggestions.preference(user.id, documentId);
  }

  @Put()
  @WithUser()
  put(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(chatDocumentParamsSchema)) { documentId }: { documentId: number },
    @Body(new ZodPipe(aiEditPreferenceSchema)) { mode }: AiEditPreference,
  ): Promise<AiEditPreference> {
    if (!user) throw notFound(DOCUMENT_NOT_FOUND);
    return this.suggestions.choose(user.id, documentId, mode);
  }
}
