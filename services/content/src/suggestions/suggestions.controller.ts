import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { CurrentUser, InternalCallers, InternalGuard, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import {
  documentParamsSchema,
  internalCreateSuggestionsSchema,
  proposeSuggestionsSchema,
  suggestionParamsSchema,
  suggestionsQuerySchema,
  type InternalCreateSuggestions,
  type ProposeSuggestions,
  type Suggestion,
  type SuggestionList,
  type SuggestionsQuery,
} from '@prd/proto';
import { SuggestionsService } from './suggestions.service.js';

type SuggestionParams = { id: number; suggestionId: number };

/** A document's suggestions (docs/decisions/0041-suggestions.md); asking the AI for one is chat's `POST` on the same path, so a person's own go to `proposals`. */
@Controller('api/documents/:id/suggestions')
export class SuggestionsController {
  constructor(private readonly suggestions: SuggestionsService) {}

  @Get()
  @WithUser()
  async list(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(documentParamsSchema)) { id }: { id: number },
    @Query(new ZodPipe(suggestionsQuerySchema)) { status }: SuggestionsQuery,
  ): Promise<SuggestionList> {
    return { suggestions: await this.suggestions.list(user, id, status) };
  }

  @Post('proposals')
  @WithUser()
  async propose(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(documentParamsSchema)) { id }: { id: number },
    @Body(new ZodPipe(proposeSuggestionsSchema)) body: ProposeSuggestions,
  ): Promise<{ suggestions: Suggestion[] }> {
    return { suggestions: await this.suggestions.propose(user, id, body.suggestions) };
  }

  @Post(':suggestionId/accept')
  @HttpCode(200)
  @WithUser()
  async accept(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(suggestionParamsSchema)) { id, suggestionId }: SuggestionParams): Promise<{ suggestion: Suggestion }> {
    return { suggestion: await this.suggestions.accept(user, id, suggestionId) };
  }

  @Post(':suggestionId/reject')
  @HttpCode(200)
  @WithUser()
  async reject(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(suggestionParamsSchema)) { id, suggestionId }: SuggestionParams): Promise<{ suggestion: Suggestion }> {
    return { suggestion: await this.suggestions.reject(user, id, suggestionId) };
  }
}

/** Chat's worker stores the AI's suggestions for the user who asked (docs/decisions/0003-internal-calls.md). */
@Controller('internal/documents/:id/suggestions')
@UseGuards(InternalGuard)
export class SuggestionsInternalController {
  constructor(private readonly suggestions: SuggestionsService) {}

  @Post()
  @InternalCallers('chat-worker')
  async create(
    @Param(new ZodPipe(documentParamsSchema)) { id }: { id: number },
    @Body(new ZodPipe(internalCreateSuggestionsSchema)) body: InternalCreateSuggestions,
  ): Promise<{ suggestions: Suggestion[] }> {
    return { suggestions: await this.suggestions.create({ kind: 'ai', user: { id: body.userId } }, id, body.passages, { requestKey: body.requestKey }) };
  }
}
