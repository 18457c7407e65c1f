import type { Role } from '@prd/proto';

/** How a role reads in the interface. */
export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', editor: 'Editor', commenter: 'Commenter', viewer: 'Viewer' };
