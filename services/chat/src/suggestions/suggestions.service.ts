import { Injectable } from '@nestjs/common';
import { ContentClient, type AiEditMode, type AiEditPreference, type AskSuggestion, type AskSuggestionAnswer } from '@prd/proto';
import { AiJobsService, type RunJobOptions } from '../jobs/ai-jobs.service.js';
import { AiEditPreferences } from './ai-edit-preferences.repository.js';

/** Asking the AI for suggestions, and the document chat's choice to suggest its edits (docs/decisions/0041-suggestions.md). */
@Injectable()
export class SuggestionsService {
  constructor(
    private readonly jobs: AiJobsService,
    private readonly content: ContentClient,
    private readonly preferences: AiEditPreferences,
  ) {}

  /**
   * One AI job through the worker, spending one message of the allowance like any AI request. Commenters may ask: the answer
   * only proposes, and owners and editors decide (content's access helper checks the role, none is 404, viewers 403).
   */
  async ask(userId: number, documentId: number, body: AskSuggestion, live: Pick<RunJobOptions, 'stream' | 'signal'> = {}): Promise<AskSuggestionAnswer> {
    const task = this.content
      .checkDocument(documentId, userId, 'commenter')
      .then(() => ({ kind: 'suggest' as const, documentId, instruction: body.instruction, quote: body.quote ?? null }));
    const result = await this.jobs.run(userId, task, { consume: true, ...live });
    const suggestions = result.suggestions ?? [];
    return { suggestion: suggestions[0] ?? null, suggestions, note: result.note ?? null };
  }

  /** The user's choice for this document (any reader may ask; apply unless chosen). */
  async preference(userId: number, documentId: number): Promise<AiEditPreference> {
    await this.content.checkDocument(documentId, userId, 'viewer');
    return { mode: await this.preferences.get(userId, documentId) };
  }

  /** Document chat edits need the editor role, so choosing for them does too. */
  async choose(userId: number, documentId: number, mode: AiEditMode): Promise<AiEditPreference> {
    await this.content.checkDocument(documentId, userId, 'editor');
    await this.preferences.set(userId, documentId, mode);
    return { mode };
  }
}
