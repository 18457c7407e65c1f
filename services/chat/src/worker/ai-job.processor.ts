import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AppError, badRequest, CONFIG, LOGGER, notFound, REDIS } from '@prd/kit';
import {
  ContentClient,
  ErrorCode,
  IdentityClient,
  locatePassage,
  SUGGESTED_CHANGES_NOTE,
  SUGGESTIONS_PER_EDIT_MAX,
  TOO_MANY_PASSAGES,
  type AiEditMode,
  type DocumentDto,
  type SuggestedPassage,
} from '@prd/proto';
import { changedPassages } from '@prd/proto/suggestion-passages';
import { AiTimeoutError, classifyAiError, DeadlinePassedError, ReplyStoppedError, safeErrorText } from '../ai/ai-errors.js';
import type { AiReply, AiTask } from '../ai/ai-task.js';
import { unappliedNote } from '../ai/unapplied-note.js';
import { ProviderFactory } from '../ai/provider-factory.js';
import { SUGGEST_CONTEXT_CHARS } from '../ai/prompts/index.js';
import { AiEditPreferences } from '../suggestions/ai-edit-preferences.repository.js';
import { isFlowComplete } from '../document-flow/flow-document.js';
import { FlowsRepository, type FlowRow } from '../document-flow/flows.repository.js';
import { cancelChannel, cancelledKey, encodeFailure, refundKey, REFUND_MARKER_SECONDS, type AiJobData, type AiJobResult, type StreamEvent } from '../jobs/ai-job.js';
import { MessagesRepository, type ChatScope } from '../messages/messages.repository.js';
import { ProviderRateLimiter } from './rate-limiter.js';
import type { WorkerConfig } from './worker.config.js';

interface Prepared {
  task: AiTask;
  scope: ChatScope | null;
  document: DocumentDto | null;
  flow: FlowRow | null;
  /** Document chat: whether the user chose to have the AI's edits suggested rather than applied. */
  aiEdits?: AiEditMode;
}

/** The quoted passage is gone from the document (edited since it was selected): nothing to ask the AI about. */
const PASSAGE_GONE = new AppError(409, { code: ErrorCode.CONFLICT, message: 'The selected passage is no longer in the document: select it again' });

/** The AI's text for a passage, with the passage's own leading and trailing whitespace (a model trims its answer). */
const fitted = (passage: string, replacement: string) => /^\s*/.exec(passage)![0] + replacement.trim() + /\s*$/.exec(passage)![0];

/** The document's changed passages as suggestions, within the bound on how many one edit may make. */
function passagesOf(current: string, proposed: string): SuggestedPassage[] {
  const passages = changedPassages(current, proposed);
  if (passages.length > SUGGESTIONS_PER_EDIT_MAX) throw badRequest(TOO_MANY_PASSAGES);
  return passages;
}

/** What an attempt has got so far: kept when the client stops the reply (docs/decisions/0014-streaming-replies.md). */
interface Progress {
  prepared: Prepared | null;
  text: string;
}

/** `work`'s outcome, or the signal's reason as soon as it aborts (the work itself goes on). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** The reason a finished job's signal is aborted with (its listeners let go): one error for all, not a new DOMException and its stack each time. */
const JOB_ENDED = new Error('The job has ended');

const NOTHING: AiJobResult = { userMessage: null, assistantMessage: null, document: null, documentUpdated: false, isComplete: false, title: null };

/** Runs one AI job (docs/decisions/0007-ai-jobs-on-bullmq.md): provider, context from the server's own data, validated edit, one idempotent reply. */
@Injectable()
export class AiJobProcessor implements OnModuleInit, OnApplicationShutdown {
  private readonly limiter: ProviderRateLimiter;
  /** This worker's running jobs, so that a stop request from any chat replica reaches the one running it. */
  private readonly running = new Map<string, AbortController>();
  private subscriber?: Redis;

  constructor(
    @Inject(CONFIG) private readonly config: WorkerConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly providers: ProviderFactory,
    private readonly identity: IdentityClient,
    private readonly content: ContentClient,
    private readonly messages: MessagesRepository,
    private readonly flows: FlowsRepository,
    private readonly preferences: AiEditPreferences,
  ) {
    this.limiter = new ProviderRateLimiter(redis, config.AI_RATE_LIMIT_PER_SECOND, config.AI_QUEUE_PREFIX);
  }

  async onModuleInit() {
    this.subscriber = this.redis.duplicate({ connectionName: 'ai-cancel' });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (_channel, jobId: string) => this.running.get(jobId)?.abort(new ReplyStoppedError()));
    await this.subscriber.subscribe(cancelChannel(this.config.AI_QUEUE_PREFIX));
  }

  onApplicationShutdown() {
    this.subscriber?.disconnect();
  }

  async process(job: Job<AiJobData, AiJobResult>): Promise<AiJobResult> {
    const jobId = job.id!;
    const controller = new AbortController();
    // The attempt's own limit, or sooner the moment the client stops waiting (then nothing may be written).
    const untilDeadline = job.data.deadline - Date.now();
    const timer =
      untilDeadline < this.config.AI_JOB_TIMEOUT_MS
        ? setTimeout(() => controller.abort(new DeadlinePassedError()), Math.max(0, untilDeadline))
        : setTimeout(() => controller.abort(new AiTimeoutError()), this.config.AI_JOB_TIMEOUT_MS);
    const progress: Progress = { prepared: null, text: '' };
    this.running.set(jobId, controller);
    try {
      // Only a job started before (a retry, or taken over from a worker that died) can have written its reply.
      const retried = job.attemptsStarted > 1 || job.attemptsMade > 0;
      // A stop that came before this worker took the job (it was still queued) is checked first on a retry, and
      // otherwise beside the job's reads (which write nothing), one round trip fewer before the provider is asked.
      const stoppedEarly = this.redis.exists(cancelledKey(this.config.AI_QUEUE_PREFIX, jobId)).then((n) => {
        if (n) throw new ReplyStoppedError();
      });
      // Awaited below, unless the job ends before it is (then its outcome no longer matters).
      stoppedEarly.catch(() => undefined);
      if (retried) await stoppedEarly;
      const done = retried ? await this.alreadyDone(jobId, job.data) : null;
      if (done) {
        this.publish(job.data.stream, { jobId, end: true });
        return done;
      }
      if (Date.now() > job.data.deadline) throw new DeadlinePassedError();
      // The client may have shown partials of the failed attempt: they are void now (docs/decisions/0014-streaming-replies.md).
      if (retried) this.publish(job.data.stream, { jobId, restart: true });
      const timeLimit = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true }));
      return await Promise.race([this.run(jobId, job.data, controller.signal, progress, stoppedEarly), timeLimit]);
    } catch (err) {
      const stopped = err instanceof ReplyStoppedError || controller.signal.reason instanceof ReplyStoppedError;
      if (stopped) return this.keepStopped(job, progress);
      throw await this.fail(job, err);
    } finally {
      clearTimeout(timer);
      this.running.delete(jobId);
      controller.abort(JOB_ENDED);
    }
  }

  /**
   * The client stopped the reply (docs/decisions/0014-streaming-replies.md): the text written so far becomes the assistant message, marked as stopped,
   * and the message stays counted. With no text at all the client got no reply: nothing is written, and it is given back.
   */
  private async keepStopped(job: Job<AiJobData, AiJobResult>, progress: Progress): Promise<AiJobResult> {
    const jobId = job.id!;
    const { data } = job;
    const text = progress.text.trim();
    this.publish(data.stream, { jobId, end: true });
    this.logger.info({ jobId, kind: data.task.kind, chars: text.length }, 'AI job stopped by the client');
    // A stopped suggestion stores nothing (no message to keep it in), and is given back.
    if (!text || !progress.prepared?.scope || data.task.kind === 'title' || data.task.kind === 'suggest') {
      if (data.consumed) await this.refundOnce(jobId, data.userId, data.consumed);
      return { ...NOTHING, stopped: true };
    }
    const { task } = data;
    const scope = progress.prepared.scope;
    const userText = task.kind === 'flow' ? task.userText : task.content;
    const written = await this.messages.transaction((tx) =>
      this.messages.writeExchange(tx, {
        jobId,
        userId: data.userId,
        scope,
        userContent: userText,
        assistant: { content: text, provider: null, model: null },
        stopped: true,
        ...('replaces' in task && task.replaces ? { replaces: task.replaces } : {}),
      }),
    );
    return { ...NOTHING, userMessage: written.user, assistantMessage: written.assistant, stopped: true };
  }

  /** A job whose messages exist already (its worker died after writing them) just answers from them. */
  private async alreadyDone(jobId: string, data: AiJobData): Promise<AiJobResult | null> {
    // A suggest job writes no message: run again, it finds the suggestions it stored by its id.
    if (data.task.kind === 'title' || data.task.kind === 'suggest') return null;
    const { user, assistant } = await this.messages.byJob(jobId);
    if (!assistant) return null;
    let document: DocumentDto | null = null;
    let isComplete = false;
    if (data.task.kind === 'flow' || data.task.kind === 'document') {
      document = await this.content.getDocument(data.task.documentId, data.userId, 'editor');
      if (data.task.kind === 'flow') {
        const flow = await this.flows.find(data.task.documentId, data.userId);
        isComplete = !!flow && isFlowComplete(document.content, flow.sections, flow.step);
      }
    }
    return { userMessage: user, assistantMessage: assistant, document, documentUpdated: data.task.kind === 'document' && document !== null, isComplete, title: null };
  }

  private async run(jobId: string, data: AiJobData, signal: AbortSignal, progress: Progress, stoppedEarly: Promise<void>): Promise<AiJobResult> {
    // Independent steps at once: the context (chat's and content's data), the key (identity), then its
    // provider's rate-limit token, and the early-stop check. A token taken for a job that then fails is lost, harmlessly.
    const chosen = this.providers.forUser(data.userId).then(async (choice) => {
      if (choice.rateKey) await this.limiter.acquire(choice.rateKey, signal);
      return choice;
    });
    const [prepared, { provider, ownKeyToVerify }] = await Promise.all([this.prepare(data), chosen, stoppedEarly]);
    progress.prepared = prepared;
    const onPartial = data.stream
      ? (content: string) => {
          progress.text = content;
          this.publish(data.stream, { jobId, content });
        }
      : undefined;
    const reply = await provider.run(prepared.task, { signal, onPartial });
    // Reported on the side: the reply does not wait for identity.
    if (ownKeyToVerify) void this.keyAccepted(data.userId, ownKeyToVerify);
    signal.throwIfAborted();
    this.publish(data.stream, { jobId, end: true });
    if (data.task.kind === 'title') return { userMessage: null, assistantMessage: null, document: null, documentUpdated: false, isComplete: false, title: reply.content };
    if (data.task.kind === 'suggest') return this.suggest(jobId, data, prepared, reply, signal);
    return this.save(jobId, data, prepared, reply, signal);
  }

  /** The provider answered on the user's own key: identity may now give it the own-key allowance. */
  private async keyAccepted(userId: number, fingerprint: string): Promise<void> {
    try {
      await this.identity.openAiKeyVerified(userId, fingerprint);
    } catch (err) {
      // The next reply on this key reports it again; this one is not lost for it.
      this.logger.warn({ userId, err: safeErrorText(err) }, 'could not mark a user key as verified');
    }
  }

  /** Partials are best effort (the final message carries the whole reply), so a lost publish is not an error. */
  private publish(stream: string | null, event: StreamEvent) {
    if (stream) void this.redis.publish(stream, JSON.stringify(event)).catch(() => undefined);
  }

  /** The task, built from the server's own stored data; content's access helper checks the editor role on every read. */
  private async prepare(data: AiJobData): Promise<Prepared> {
    const { userId, task } = data;
    switch (task.kind) {
      case 'chat': {
        const scope: ChatScope = task.threadId ? { threadId: task.threadId } : { general: true };
        const history = await this.messages.history(userId, scope, 20, task.replaces?.userMessageId);
        return { task: { kind: 'chat', mode: task.mode, history, message: task.content }, scope, document: null, flow: null };
      }
      case 'document': {
        // The user's own messages about the document are read beside it (content's check guards the document, not them).
        const scope: ChatScope = { documentId: task.documentId };
        const [document, history, aiEdits] = await Promise.all([
          this.content.getDocument(task.documentId, userId, 'editor'),
          this.messages.history(userId, scope, 20, task.replaces?.userMessageId),
          this.preferences.get(userId, task.documentId),
        ]);
        return {
          task: { kind: 'document', document: { id: document.id, title: document.title, content: document.content }, history, message: task.content },
          scope,
          document,
          flow: null,
          aiEdits,
        };
      }
      case 'project': {
        const project = await this.content.getProjectContext(task.projectId, userId, 'editor');
        const scope: ChatScope = { projectId: task.projectId };
        return { task: { kind: 'project', project, history: await this.messages.history(userId, scope), message: task.content }, scope, document: null, flow: null };
      }
      case 'flow': {
        const flow = await this.flows.find(task.documentId, userId);
        if (!flow) throw notFound('Document not found');
        const document = await this.content.getDocument(task.documentId, userId, 'editor');
        const scope: ChatScope = { documentId: document.id };
        const history = await this.messages.history(userId, scope);
        return {
          task: {
            kind: 'flow',
            flowMode: flow.mode,
            templateName: flow.templateName,
            sections: flow.sections,
            document: { title: document.title, content: document.content },
            history,
            message: task.content,
            state: { step: flow.step, followUp: flow.followUp },
          },
          scope,
          document,
          flow,
        };
      }
      case 'suggest': {
        // Suggesting only proposes: the commenter role is enough (docs/decisions/0041-suggestions.md).
        const document = await this.content.getDocument(task.documentId, userId, 'commenter');
        const at = task.quote ? locatePassage(document.content, task.quote) : { start: 0, end: document.content.length };
        if (!at) throw PASSAGE_GONE;
        const { content } = document;
        return {
          task: {
            kind: 'suggest',
            title: document.title,
            instruction: task.instruction,
            passage: content.slice(at.start, at.end),
            before: content.slice(Math.max(0, at.start - SUGGEST_CONTEXT_CHARS), at.start),
            after: content.slice(at.end, at.end + SUGGEST_CONTEXT_CHARS),
          },
          scope: null,
          document,
          flow: null,
        };
      }
      case 'title': {
        const history = await this.messages.history(userId, { threadId: task.threadId }, 1_000);
        return { task: { kind: 'title', exchange: history.slice(0, 2) }, scope: null, document: null, flow: null };
      }
    }
  }

  /**
   * Saves an edit through content and writes both messages (and the flow's position) in one transaction that commits only once
   * the edit is saved: the messages are written while content saves (one wait instead of two), and a failed save rolls them back.
   */
  private async save(jobId: string, data: AiJobData, prepared: Prepared, reply: AiReply, signal: AbortSignal): Promise<AiJobResult> {
    const { task } = data;
    const proposed = reply.document && prepared.document && (task.kind === 'document' || task.kind === 'flow') ? reply.document : null;
    // Suggest mode: each changed passage becomes a suggestion instead of a save. A rename alone has no passage to suggest and
    // is applied, as the reply says it was.
    const passages = proposed && task.kind === 'document' && prepared.aiEdits === 'suggest' ? passagesOf(prepared.document!.content, proposed.content) : [];
    const suggesting = passages.length ? passages : null;
    const edit = suggesting ? null : proposed;
    if (proposed) signal.throwIfAborted();
    const suggested = suggesting
      ? this.content.createSuggestions(prepared.document!.id, { userId: data.userId, requestKey: jobId, passages: suggesting }).then((r) => r.suggestions)
      : Promise.resolve(undefined);
    const saving = suggesting
      ? suggested.then(() => ({ ...prepared.document!, unapplied: [] }))
      : edit
        ? this.content.saveDocumentContent(prepared.document!.id, {
            userId: data.userId,
            content: edit.content,
            // The text the AI read: only its change from it is merged onto what others wrote meanwhile (docs/decisions/0035-edits-merge.md).
            base: prepared.document!.content,
            ...(edit.title ? { title: edit.title } : {}),
            source: task.kind === 'flow' ? 'flow' : 'ai',
          })
        : Promise.resolve(prepared.document && { ...prepared.document, unapplied: [] });
    // Awaited in the transaction; if the transaction cannot even begin, the save's outcome no longer matters.
    saving.catch(() => undefined);
    const flow = prepared.flow;
    const userText = task.kind === 'flow' ? task.userText : 'content' in task ? task.content : '';
    const { written, document, isComplete } = await this.messages.transaction(async (tx) => {
      // A stop or time limit does not wait for the save: the messages are rolled back at once, so a stopped reply's own
      // message (written on the side, docs/decisions/0014-streaming-replies.md) is not held up by them.
      const [saved, exchange] = await Promise.allSettled([
        untilAborted(saving, signal),
        this.messages.writeExchange(tx, {
          jobId,
          userId: data.userId,
          scope: prepared.scope!,
          userContent: userText,
          assistant: { content: suggesting ? `${reply.content}\n\n${SUGGESTED_CHANGES_NOTE}` : reply.content, provider: reply.provider, model: reply.model },
          ...('replaces' in task && task.replaces ? { replaces: task.replaces } : {}),
        }),
      ]);
      // Both have settled, so nothing runs on the transaction any more; a failed save comes first, as when it ran alone.
      if (saved.status === 'rejected') throw saved.reason;
      if (exchange.status === 'rejected') throw exchange.reason;
      // Nothing is committed once the time limit or the client's deadline has passed: the client got an error.
      signal.throwIfAborted();
      if (Date.now() > data.deadline) throw new DeadlinePassedError();
      const { unapplied, ...document } = saved.value ?? { unapplied: [] };
      // What people had changed in the same passages stayed; the reply gives the AI's version of them.
      const note = unappliedNote(unapplied);
      const written = note ? { ...exchange.value, assistant: await this.messages.appendToReply(tx, exchange.value.assistant, note) } : exchange.value;
      const state = flow ? (reply.state ?? { step: flow.step, followUp: flow.followUp }) : null;
      const isComplete = !!flow && !!saved.value && !!state && isFlowComplete(saved.value.content, flow.sections, state.step);
      if (flow && state) await this.flows.advance(tx, flow.documentId, state, isComplete);
      return { written, document: saved.value ? (document as DocumentDto) : null, isComplete };
    });
    return {
      userMessage: written.user,
      assistantMessage: written.assistant,
      document: task.kind === 'document' && !edit ? null : document,
      documentUpdated: edit !== null,
      isComplete,
      title: null,
      ...(suggesting ? { suggestions: await suggested } : {}),
    };
  }

  /**
   * Stores a suggest job's answer through content (docs/decisions/0041-suggestions.md), as the AI's for the user who asked: the
   * quoted passage's new text as one suggestion, or for the whole document one per changed passage. The job's id makes a retry
   * find what it stored. No message is written: the suggestions are the answer.
   */
  private async suggest(jobId: string, data: AiJobData, prepared: Prepared, reply: AiReply, signal: AbortSignal): Promise<AiJobResult> {
    const task = data.task as Extract<AiJobData['task'], { kind: 'suggest' }>;
    const { passage } = prepared.task as Extract<AiTask, { kind: 'suggest' }>;
    const { replacement, note } = reply.suggestion ?? { replacement: reply.content, note: null };
    const document = prepared.document!;
    const text = replacement === null ? null : fitted(passage, replacement);
    const passages: SuggestedPassage[] =
      text === null || text === passage ? [] : task.quote ? [{ quote: task.quote, replacement: text, ...(note ? { note } : {}) }] : passagesOf(document.content, text);
    if (!passages.length) return { ...NOTHING, suggestions: [], note: note ?? 'The AI suggested no change to this passage.' };
    signal.throwIfAborted();
    const { suggestions } = await this.content.createSuggestions(document.id, { userId: data.userId, requestKey: jobId, passages });
    return { ...NOTHING, suggestions, note };
  }

  /** Turns an error into the job's failure; the last attempt (or an error not worth retrying) gives the usage back. */
  private async fail(job: Job<AiJobData, AiJobResult>, err: unknown): Promise<Error> {
    const failure = classifyAiError(err);
    const attempts = job.opts.attempts ?? 1;
    const final = !failure.retryable || job.attemptsMade + 1 >= attempts;
    this.logger.warn({ jobId: job.id, kind: job.data.task.kind, attempt: job.attemptsMade + 1, final, status: failure.status, err: safeErrorText(err) }, 'AI job attempt failed');
    if (final && job.data.consumed) await this.refundOnce(job.id!, job.data.userId, job.data.consumed);
    const reason = encodeFailure(failure.status, failure.body);
    return final ? new UnrecoverableError(reason) : new Error(reason);
  }

  private async refundOnce(jobId: string, userId: number, kind: 'messages'): Promise<void> {
    const first = await this.redis.set(refundKey(jobId), '1', 'EX', REFUND_MARKER_SECONDS, 'NX');
    if (first !== 'OK') return;
    try {
      await this.identity.refund(userId, kind);
    } catch (err) {
      this.logger.error({ jobId, userId, err: safeErrorText(err) }, 'could not refund the usage of a failed AI job');
    }
  }
}
