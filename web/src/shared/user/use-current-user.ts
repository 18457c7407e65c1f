import type { CurrentUser } from '@prd/proto';
import { useGetCurrentUserQuery } from '../api/identity-api';

export type SignedInUser = Extract<CurrentUser, { isAuthenticated: true }>;

/**
 * The signed-in user (a guest or a registered user), or null for an anonymous visitor. A failed
 * load also counts as "no user" (docs/product.md §4), so the app still renders when identity is unreachable.
 */
export function useCurrentUser(): { user: SignedInUser | null; isLoading: boolean } {
  const { data, isLoading } = useGetCurrentUserQuery();
  return { user: data?.isAuthenticated ? data : null, isLoading };
}

/** A registered user: signed in and not a guest (docs/product.md §6). */
export const isRegistered = (user: SignedInUser | null): user is SignedInUser => user !== null && !user.isGuest;

/** What the shell calls the user: their name, else their username. */
export const displayName = (user: SignedInUser): string => user.name || user.firstName || user.username;
