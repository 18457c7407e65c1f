/** The project statuses of docs/product.md §3. Zod-free, so the web client can import them without bundling zod. */
export const PROJECT_STATUSES = ['in-progress', 'completed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
