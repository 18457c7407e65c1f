import type OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { AI_DOCUMENT_MAX_CHARS } from '@prd/proto';
import type { AiProvider, AiReply, AiTask, RunOptions, Turn } from './ai-task.js';
import { InvalidAiOutputError } from './ai-errors.js';
import { attr, dataBlock } from './data-block.js';
import { budgetDocuments, budgetText, PROMPT_CHAR_BUDGET } from './prompt-budget.js';
import {
  AI_ASSISTED_STYLE,
  BRAINSTORM_PROMPT,
  DOCUMENT_EDITING_PROMPT,
  DOCUMENT_FLOW_PROMPT,
  FEEDBACK_PROMPT,
  GENERAL_PROMPT,
  PERSONA_PROMPT,
  PROJECT_CHAT_PROMPT,
  START_NEW_STYLE,
  SUGGEST_EDIT_PROMPT,
  TITLE_PROMPT,
} from './prompts/index.js';

export const OPENAI_PROVIDER = 'openai';
/** How many earlier messages go to the model with each request. */
const HISTORY_TURNS = 20;

const MODE_PROMPTS = { general: GENERAL_PROMPT, brainstorm: BRAINSTORM_PROMPT, persona: PERSONA_PROMPT, feedback: FEEDBACK_PROMPT } as const;

export const UPDATE_DOCUMENT = 'update_document';
export const UPDATE_DOCUMENT_TOOL: ChatCompletionTool = {
  type: 'function',
  function: {
    name: UPDATE_DOCUMENT,
    description: 'Replace the document with a new complete markdown version.',
    parameters: {
      type: 'object',
      properties: {
        content: { type: 'string', description: 'The complete new markdown document.' },
        title: { type: 'string', description: 'The new document title, only when the user asked to rename it.' },
        summary: { type: 'string', description: 'One sentence for the user saying what changed.' },
      },
      required: ['content', 'summary'],
      additionalProperties: false,
    },
  },
};

const updateDocumentArgs = z.object({
  content: z
    .string()
    .refine((c) => c.trim().length > 0, 'the new document is empty')
    .refine((c) => c.length <= AI_DOCUMENT_MAX_CHARS, `the new document is longer than ${AI_DOCUMENT_MAX_CHARS} characters`)
    .refine((c) => !/^\s*(?:[{[]|<(?:!doctype|html)\b)/i.test(c), 'the new document is not markdown'),
  title: z.string().trim().max(300).optional(),
  summary: z.string().trim().max(2_000).optional(),
});

const history = (turns: Turn[]): ChatCompletionMessageParam[] => turns.slice(-HISTORY_TURNS).map((t) => ({ role: t.role, content: t.content }));

/** The chat-completions request for a task: system prompt with the data blocks, history, the user's message, tools. */
export function buildRequest(task: AiTask): { messages: ChatCompletionMessageParam[]; tools?: ChatCompletionTool[]; maxTokens?: number } {
  switch (task.kind) {
    case 'chat':
      return { messages: [{ role: 'system', content: MODE_PROMPTS[task.mode] }, ...history(task.history), { role: 'user', content: task.message }] };
    case 'document': {
      // A document over the budget is shown cut, and then cannot be rewritten whole: no edit tool.
      const whole = task.document.content.length <= PROMPT_CHAR_BUDGET;
      return {
        messages: [
          { role: 'system', content: `${DOCUMENT_EDITING_PROMPT}\n\n${dataBlock('document', attr('title', task.document.title), budgetText(task.document.content))}` },
          ...history(task.history),
          { role: 'user', content: task.message },
        ],
        ...(whole ? { tools: [UPDATE_DOCUMENT_TOOL] } : {}),
      };
    }
    case 'project': {
      const { project, documents } = task.project;
      const header = [`Project: ${project.name}`, project.description].filter(Boolean).join('\n\n');
      const text = `${header}\n\n${budgetDocuments(documents, task.message, Math.max(0, PROMPT_CHAR_BUDGET - header.length))}`;
      return {
        messages: [
          { role: 'system', content: `${PROJECT_CHAT_PROMPT}\n\n${dataBlock('project', attr('name', project.name), text)}` },
          ...history(task.history),
          { role: 'user', content: task.message },
        ],
      };
    }
    case 'flow': {
      const style = task.flowMode === 'start-new' ? START_NEW_STYLE : AI_ASSISTED_STYLE;
      const template = task.sections.map((s) => `## ${s.heading}\n${s.guidance}`).join('\n\n');
      const system = [
        DOCUMENT_FLOW_PROMPT.replace('{STYLE}', style),
        dataBlock('template', attr('name', task.templateName), template),
        dataBlock('document', attr('title', task.document.title), budgetText(task.document.content)),
      ].join('\n\n');
      const message = task.message ?? `I want to create a ${task.templateName}: ${task.document.title}. Please start with the first section.`;
      return { messages: [{ role: 'system', content: system }, ...history(task.history), { role: 'user', content: message }], tools: [UPDATE_DOCUMENT_TOOL] };
    }
    case 'suggest': {
      const system = [
        SUGGEST_EDIT_PROMPT,
        dataBlock('context', attr('position', 'before'), task.before),
        dataBlock('passage', attr('document', task.title), task.passage),
        dataBlock('context', attr('position', 'after'), task.after),
      ].join('\n\n');
      return {
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: task.instruction },
        ],
      };
    }
    case 'title': {
      const text = task.exchange.map((t) => `${t.role}: ${t.content.slice(0, 2_000)}`).join('\n');
      return {
        messages: [
          { role: 'system', content: `${TITLE_PROMPT}\n\n${dataBlock('history', '', text)}` },
          { role: 'user', content: 'Title:' },
        ],
        maxTokens: 24,
      };
    }
  }
}

interface ToolCallParts {
  name: string;
  arguments: string;
}

/** The OpenAI-compatible provider (docs/decisions/0006-ai-providers.md): the official SDK against the configured base URL and model. */
export class OpenAiProvider implements AiProvider {
  constructor(
    private readonly client: OpenAI,
    private readonly model: string,
  ) {}

  async run(task: AiTask, options: RunOptions): Promise<AiReply> {
    const { messages, tools, maxTokens } = buildRequest(task);
    const base = { model: this.model, messages, ...(tools ? { tools, tool_choice: 'auto' as const } : {}), ...(maxTokens ? { max_tokens: maxTokens } : {}) };
    let text = '';
    const calls: ToolCallParts[] = [];
    if (options.onPartial) {
      const stream = await this.client.chat.completions.create({ ...base, stream: true }, { signal: options.signal });
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        if (!delta) continue;
        if (delta.content) {
          text += delta.content;
          options.onPartial(text);
        }
        for (const call of delta.tool_calls ?? []) {
          const part = (calls[call.index] ??= { name: '', arguments: '' });
          if (call.function?.name) part.name += call.function.name;
          if (call.function?.arguments) part.arguments += call.function.arguments;
        }
      }
    } else {
      const completion = await this.client.chat.completions.create(base, { signal: options.signal });
      const message = completion.choices[0]?.message;
      text = message?.content ?? '';
      for (const call of message?.tool_calls ?? []) if (call.type === 'function') calls.push({ name: call.function.name, arguments: call.function.arguments });
    }
    const document = this.documentFrom(calls.filter(Boolean));
    let content = text.trim();
    if (!content && document) content = document.summary || "I've updated your document.";
    if (!content) throw new InvalidAiOutputError('the model returned an empty answer');
    if (task.kind === 'title')
      content = content
        .split('\n')[0]!
        .replace(/^["'#*\s]+|["'.*\s]+$/g, '')
        .slice(0, 80);
    return {
      content,
      document: document ? { content: document.content, title: document.title ?? null } : null,
      ...(task.kind === 'suggest' ? { suggestion: { replacement: content, note: null } } : {}),
      provider: OPENAI_PROVIDER,
      model: this.model,
    };
  }

  private documentFrom(calls: ToolCallParts[]) {
    const call = calls.find((c) => c.name === UPDATE_DOCUMENT);
    if (!call) return null;
    let raw: unknown;
    try {
      raw = JSON.parse(call.arguments);
    } catch {
      throw new InvalidAiOutputError('the document edit was not valid JSON');
    }
    const parsed = updateDocumentArgs.safeParse(raw);
    if (!parsed.success) throw new InvalidAiOutputError(`the document edit was refused: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return parsed.data;
  }
}
