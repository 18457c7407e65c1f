import { Injectable } from '@nestjs/common';
import { AppError } from '@prd/kit';
import { ContentClient, ErrorCode, type ChatMessage, type ChatReply, type PostChat, type RegenerateChat } from '@prd/proto';
import { AiJobsService, type RunJobOptions } from '../jobs/ai-jobs.service.js';
import type { AiJobResult, AiJobTask } from '../jobs/ai-job.js';
import { MessagesRepository, type ChatScope } from '../messages/messages.repository.js';
import { ThreadsService } from '../threads/threads.service.js';

const toReply = (result: AiJobResult): ChatReply => ({
  userMessage: result.userMessage!,
  assistantMessage: result.assistantMessage!,
  documentUpdated: result.documentUpdated,
  updatedDocument: result.documentUpdated ? result.document : null,
});

/** What a chat request is about, once its ids are known to belong to the user. */
export interface ChatTarget {
  threadId?: number | null;
  documentId?: number | null;
  projectId?: number | null;
  mode: PostChat['mode'];
}

@Injectable()
export class ChatService {
  constructor(
    private readonly jobs: AiJobsService,
    private readonly content: ContentClient,
    private readonly threads: ThreadsService,
    private readonly messages: MessagesRepository,
  ) {}

  /**
   * The job task for a message, once content's access helper has checked the project or document
   * without loading any content (`AiJobsService.run` awaits this beside the allowance): chatting with
   * the AI about one needs the editor role (none is 404, a weaker one 403); threads are the user's own.
   * The worker reads the stored document or project itself.
   */
  async task(userId: number, target: ChatTarget, content: string): Promise<AiJobTask> {
    if (target.projectId) {
      await this.content.checkProject(target.projectId, userId, 'editor');
      return { kind: 'project', content, projectId: target.projectId };
    }
    if (target.documentId) {
      await this.content.checkDocument(target.documentId, userId, 'editor');
      return { kind: 'document', content, documentId: target.documentId };
    }
    if (target.threadId) await this.threads.get(userId, target.threadId);
    return { kind: 'chat', mode: target.mode, content, threadId: target.threadId ?? null };
  }

  /** `POST /api/chat` in any of its four forms: one AI reply, consuming one message of the allowance. */
  async send(userId: number, body: PostChat, live: Pick<RunJobOptions, 'stream' | 'signal'> = {}): Promise<ChatReply> {
    return toReply(await this.jobs.run(userId, this.task(userId, body, body.content), { consume: true, ...live }));
  }

  /**
   * `POST /api/chat/regenerate` (docs/decisions/0014-streaming-replies.md): a new reply to the last user message of a thread or document chat, which
   * replaces (deletes) the last reply once written; one message of the allowance, like any reply.
   */
  async regenerate(userId: number, body: RegenerateChat, live: Pick<RunJobOptions, 'stream' | 'signal'> = {}): Promise<ChatReply> {
    // Access first (document chat needs the editor role, docs/decisions/0012-sharing-and-roles.md; another user's thread is 404), then the exchange to answer again.
    let scope: ChatScope;
    if (body.documentId) {
      await this.content.checkDocument(body.documentId, userId, 'editor');
      scope = { documentId: body.documentId };
    } else {
      await this.threads.get(userId, body.threadId!);
      scope = { threadId: body.threadId! };
    }
    const last = await this.messages.lastExchange(userId, scope);
    if (!last) throw new AppError(409, { code: ErrorCode.CONFLICT, message: 'There is no reply to regenerate' });
    const replaces = { userMessageId: last.user.id, assistantMessageId: last.assistant.id };
    const content = last.user.content;
    const task: AiJobTask = body.documentId
      ? { kind: 'document', documentId: body.documentId, content, replaces }
      : { kind: 'chat', mode: body.mode, threadId: body.threadId!, content, replaces };
    return toReply(await this.jobs.run(userId, task, { consume: true, ...live }));
  }

  /** A scope's messages (the user's own), oldest first; a document's or project's only while the user may view it. */
  async list(userId: number, query: { documentId?: number; projectId?: number }): Promise<ChatMessage[]> {
    let scope: ChatScope = { general: true };
    if (query.documentId) {
      await this.content.checkDocument(query.documentId, userId);
      scope = { documentId: query.documentId };
    } else if (query.projectId) {
      await this.content.checkProject(query.projectId, userId);
      scope = { projectId: query.projectId };
    }
    return this.messages.list(userId, scope);
  }
}
