import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppError, LOGGER, notFound } from '@prd/kit';
import { ContentClient, ErrorCode, FLOW_TITLE_REQUIRED, type DocumentFlowMessage, type DocumentFlowStart } from '@prd/proto';
import { AiJobsService, type RunJobOptions } from '../jobs/ai-jobs.service.js';
import { ReplyCap } from '../jobs/reply-cap.js';
import { FlowsRepository } from './flows.repository.js';
import { initialFlowDocument, templateSections } from './flow-document.js';

/** Guided document creation (docs/product.md §2 Document flow): a document from a template, filled by interview. */
@Injectable()
export class DocumentFlowService {
  constructor(
    private readonly content: ContentClient,
    private readonly flows: FlowsRepository,
    private readonly jobs: AiJobsService,
    private readonly cap: ReplyCap,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Creates the document (consuming a document of the allowance) and asks the first question. */
  async start(userId: number, body: DocumentFlowStart, live: Pick<RunJobOptions, 'stream' | 'signal'> = {}) {
    const title = body.title.trim();
    if (!title) throw new AppError(400, { code: ErrorCode.VALIDATION_FAILED, ...FLOW_TITLE_REQUIRED, fields: { title: FLOW_TITLE_REQUIRED.message } });
    // Each start creates a document and runs an AI job without spending a message: limited apart.
    await this.cap.flowStart(userId);
    const template = await this.content.getTemplate(body.templateId, userId);
    const sections = templateSections(template.content);
    const created = await this.content.createDocument({
      userId,
      title,
      content: initialFlowDocument(title, sections),
      source: 'flow',
      ...(body.workspaceId ? { workspaceId: body.workspaceId } : {}),
    });
    let result;
    try {
      await this.flows.create({ documentId: created.id, userId, templateId: template.id, templateName: template.name, mode: body.mode, sections });
      result = await this.jobs.run(
        userId,
        { kind: 'flow', documentId: created.id, content: null, userText: `I want to create a ${template.name}: ${title}` },
        { consume: false, ...live },
      );
    } catch (err) {
      // A flow that could not start leaves no empty document behind and costs no document (docs/decisions/0007-ai-jobs-on-bullmq.md).
      await this.flows.remove(created.id);
      await this.content
        .discardDocument(created.id, userId)
        .catch((cleanup: unknown) => this.logger.warn({ err: cleanup, documentId: created.id }, 'could not discard the document of a failed flow start'));
      throw err;
    }
    return { document: result.document ?? created, userMessage: result.userMessage!, assistantMessage: result.assistantMessage!, isComplete: result.isComplete };
  }

  /** Writes the user's answer into the document and asks the next question, consuming one message. */
  async message(userId: number, body: DocumentFlowMessage, live: Pick<RunJobOptions, 'stream' | 'signal'> = {}) {
    const flow = await this.flows.find(body.documentId, userId);
    if (!flow) throw notFound('Document not found');
    // The flow is the user's, the document content's: its access helper decides (docs/decisions/0012-sharing-and-roles.md).
    await this.content.checkDocument(flow.documentId, userId, 'editor');
    if (body.mode && body.mode !== flow.mode) await this.flows.setMode(flow.documentId, body.mode);
    const result = await this.jobs.run(userId, { kind: 'flow', documentId: flow.documentId, content: body.content, userText: body.content }, { consume: true, ...live });
    return { userMessage: result.userMessage!, assistantMessage: result.assistantMessage!, document: result.document!, isComplete: result.isComplete };
  }
}
