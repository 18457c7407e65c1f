import type { AiProvider, AiReply, AiTask, RunOptions } from './ai-task.js';
import { brainstorm, generalAnswer, ideaFeedback, personaSheet, titleFrom } from '../offline/frameworks.js';
import { editDocument } from '../offline/document-edit.js';
import { projectAnswer } from '../offline/project-chat.js';
import { answerInterview, openInterview } from '../offline/interviewer.js';
import { formatReview } from '../offline/review.js';
import { parseSections } from '../offline/markdown-sections.js';
import { suggestEdit } from '../offline/suggest-edit.js';

export const OFFLINE_PROVIDER = 'offline';
export const OFFLINE_MODEL = 'prd-studio-offline-1';
/** Every offline reply ends with this, so the user knows no AI model wrote it (docs/decisions/0006-ai-providers.md). */
export const OFFLINE_NOTE = "_Offline assistant: written by PRD Studio's built-in rules, not an AI model. Add an OpenAI API key in Settings for AI answers._";

/** Feedback on text that looks like a document (two or more sections) is a rubric review; otherwise an idea review. */
function feedback(text: string): string {
  return parseSections(text).sections.length >= 2 ? formatReview(text) : ideaFeedback(text);
}

/** The built-in offline assistant (docs/decisions/0006-ai-providers.md): deterministic, and useful without any AI model. */
export class OfflineProvider implements AiProvider {
  async run(task: AiTask, options: RunOptions): Promise<AiReply> {
    const reply = this.answer(task);
    // A title and a suggestion's text are not messages: no note in them. A suggestion without text streams nothing.
    const content = task.kind === 'title' || task.kind === 'suggest' ? reply.content : `${reply.content}\n\n${OFFLINE_NOTE}`;
    if (options.onPartial && !(task.kind === 'suggest' && reply.suggestion?.replacement === null)) {
      // Stream word by word, like a model would, so realtime clients see partials.
      const words = content.split(/(?<=\s)/);
      let soFar = '';
      for (const word of words) {
        options.signal.throwIfAborted();
        soFar += word;
        options.onPartial(soFar);
      }
    }
    return { ...reply, content, provider: OFFLINE_PROVIDER, model: OFFLINE_MODEL };
  }

  private answer(task: AiTask): Omit<AiReply, 'provider' | 'model'> {
    switch (task.kind) {
      case 'chat': {
        const text = task.message;
        const content =
          task.mode === 'persona' ? personaSheet(text) : task.mode === 'brainstorm' ? brainstorm(text) : task.mode === 'feedback' ? feedback(text) : generalAnswer(text);
        return { content, document: null };
      }
      case 'document': {
        const result = editDocument(task.document, task.message);
        return { content: result.reply, document: result.content === null ? null : { content: result.content, title: result.title } };
      }
      case 'project':
        return { content: projectAnswer(task.project, task.message), document: null };
      case 'flow': {
        const turn =
          task.message === null
            ? openInterview(task.sections, task.document.content, task.flowMode, task.templateName)
            : answerInterview(task.sections, task.document.content, task.state, task.message, task.flowMode);
        return {
          content: turn.reply,
          document: turn.content === task.document.content ? null : { content: turn.content, title: null },
          state: turn.state,
        };
      }
      case 'suggest': {
        const suggestion = suggestEdit(task.passage, task.instruction);
        return { content: suggestion.replacement ?? suggestion.note ?? '', document: null, suggestion };
      }
      case 'title': {
        const first = task.exchange.find((t) => t.role === 'user');
        return { content: first ? titleFrom(first.content) : '', document: null };
      }
    }
  }
}
