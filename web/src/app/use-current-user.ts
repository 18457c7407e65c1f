import type { CurrentUser } from '@prd/proto';
import { useGetCurrentUserQuery } from './api';

export type SignedInUser = Extract<CurrentUser, { isAuthenticated: true }>;

/**
 * The signed-in user (a guest or a registered user), or null for an anonymous visitor. A failed
 * load also counts as "no user" (SPEC §4), so the app still renders when identity is unreachable.
 */
export function useCurrentUser(): { user: SignedInUser | null; isLoading: boolean } {
  const { data, isLoading } = useGetCurrentUserQuery();
  return { user: data?.isAuthenticated ? data : null, isLoading };
}
