import { Injectable } from '@nestjs/common';
import { ContentClient, type ChatMessage, type ChatReply, type PostChat } from '@prd/proto';
import { AiJobsService, type RunJobOptions } from '../jobs/ai-jobs.service.js';
import type { AiJobTask } from '../jobs/ai-job.js';
import { MessagesRepository, type ChatScope } from '../messages/messages.repository.js';
import { ThreadsService } from '../threads/threads.service.js';

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
   * The job task for a message. Content's access helper checks the project or document first:
   * chatting with the AI about one needs the editor role (none is 404, a weaker one 403); threads
   * are the user's own. The worker reads the stored document or project itself.
   */
  async task(userId: number, target: ChatTarget, content: string): Promise<AiJobTask> {
    if (target.projectId) {
      await this.content.getProjectContext(target.projectId, userId, 'editor');
      return { kind: 'project', content, projectId: target.projectId };
    }
    if (target.documentId) {
      await this.content.getDocument(target.documentId, userId, 'editor');
      return { kind: 'document', content, documentId: target.documentId };
    }
    if (target.threadId) await this.threads.get(userId, target.threadId);
    return { kind: 'chat', mode: target.mode, content, threadId: target.threadId ?? null };
  }

  /** `POST /api/chat` in any of its four forms: one AI reply, consuming one message of the allowance. */
  async send(userId: number, body: PostChat, stream?: RunJobOptions['stream']): Promise<ChatReply> {
    const task = await this.task(userId, body, body.content);
    const result = await this.jobs.run(userId, task, { consume: true, ...(stream ? { stream } : {}) });
    return {
      userMessage: result.userMessage!,
      assistantMessage: result.assistantMessage!,
      documentUpdated: result.documentUpdated,
      updatedDocument: result.documentUpdated ? result.document : null,
    };
  }

  /** A scope's messages (the user's own), oldest first; a document's or project's only while the user may view it. */
  async list(userId: number, query: { documentId?: number; projectId?: number }): Promise<ChatMessage[]> {
    let scope: ChatScope = { general: true };
    if (query.documentId) {
      await this.content.getDocument(query.documentId, userId);
      scope = { documentId: query.documentId };
    } else if (query.projectId) {
      await this.content.getProjectContext(query.projectId, userId);
      scope = { projectId: query.projectId };
    }
    return this.messages.list(userId, scope);
  }
}
