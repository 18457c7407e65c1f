/** Business constants of docs/product.md §9, shared by the services and the client. */
export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;
export const GUEST_PREFIX = 'guest-';

export const TEMPLATES_PAGE_SIZE = 12;
export const TEMPLATE_PREVIEW_CHARS = 350;

export const DEFAULT_PROJECT_STATUS = 'in-progress';
export const DEFAULT_PROJECT_NAME = 'Untitled Project';
export const DEFAULT_THREAD_TITLE = 'New conversation';
export const AUTO_TITLE_FALLBACK = 'New Conversation';
export const VOICE_CONTEXT_CHARS = 500;

/** The largest `documentContext` an init_session of `/ws` may carry (a project's context with its documents). */
export const REALTIME_CONTEXT_MAX_CHARS = 2_000_000;

/**
 * docs/decisions/0014-streaming-replies.md: the events of a streamed reply (`Accept: text/event-stream`). `delta` carries new text, `restart` voids the
 * text so far (the job is retried), `done` the JSON body the call answers otherwise, `error` its usual error body.
 */
export const REPLY_STREAM_EVENTS = ['delta', 'restart', 'done', 'error'] as const;
export type ReplyStreamEvent = (typeof REPLY_STREAM_EVENTS)[number];
/** The response header that tells the client the reply time limit (seconds) shared by the service and nginx (docs/decisions/0014-streaming-replies.md). */
export const REPLY_TIMEOUT_HEADER = 'x-reply-timeout';
