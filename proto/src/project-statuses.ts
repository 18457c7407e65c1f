/** The project statuses of SPEC §3. Zod-free, so the web client can import them without bundling zod. */
export const PROJECT_STATUSES = ['in-progress', 'completed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
