/**
 * The client's own constants of docs/product.md §9: timings, page sizes, toasts and the navigation. Only the web
 * client uses them, so they live here rather than in proto/ (which keeps what the services and the client share).
 */
export const USAGE_REFETCH_INTERVAL_MS = 30_000;
export const USAGE_STALE_TIME_MS = 10_000;
export const RELOAD_AFTER_REGISTRATION_MS = 1_000;

export const DOCUMENTS_PAGE_SIZE = 10;
export const HOME_POPULAR_TEMPLATES = 6;
export const TEMPLATES_MAX_PAGE_BUTTONS = 5;
export const PROJECT_DOCUMENT_PREVIEW_CHARS = 150;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
/** The key that moves focus to the toasts, and how far a toast is swiped right to dismiss it. */
export const TOAST_HOTKEY = 'F8';
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** A dismissed toast stays in the toast store, hidden, this long before it is removed. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const CHAT_INPUT_MAX_HEIGHT_PX = 160;

export const THREAD_CREATION_GUARD_MS = 5_000;
export const AUTO_TITLE_DELAY_MS = 500;
export const COMPLETION_REDIRECT_MS = 1_500;
export const DOCUMENT_UPDATE_SETTLE_MS = 2_000;

export const AVATAR_CHARS = 4;

/** The five navigation items of docs/product.md §2, in order. */
export const NAV_ITEMS = [
  { label: 'Home', path: '/' },
  { label: 'Projects', path: '/projects' },
  { label: 'Documents', path: '/documents' },
  { label: 'Templates', path: '/templates' },
  { label: 'AI Chat', path: '/chat' },
] as const;

/**
 * docs/product.md §9 pending-message retries: a message waiting for its thread (the home prompt's prefill on
 * /chat) is tried again every 500 ms until the thread list is there, every 100 ms while another send runs.
 */
export const PENDING_MESSAGE_RETRY_MS = { waitingForThreads: 500, waitingForSend: 100 } as const;
