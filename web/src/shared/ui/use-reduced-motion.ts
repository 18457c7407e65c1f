import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the person asks for less motion now: for one-off motion, such as a smooth scroll. */
export const prefersReducedMotion = (): boolean => window.matchMedia(QUERY).matches;

function subscribe(changed: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', changed);
  return () => list.removeEventListener('change', changed);
}

/**
 * Whether the person asked their system for less motion; follows a change of the setting. The prerendered markup was
 * made without it, so hydration reads false and the preference applies in the render right after.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
