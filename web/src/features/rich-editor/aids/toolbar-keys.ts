import type { KeyboardEvent } from 'react';

/**
 * Arrow keys move between a toolbar's controls (the ARIA toolbar pattern), Home and End to its ends;
 * every control also stays reachable with Tab.
 */
export function moveFocusInToolbar(event: KeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(event.key) || (event.target as HTMLElement).tagName === 'SELECT') return;
  const controls = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled), select:not(:disabled)'));
  const at = controls.indexOf(event.target as HTMLElement);
  if (at === -1) return;
  const next = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: controls.length - 1 }[event.key]!;
  controls[(next + controls.length) % controls.length]?.focus();
  event.preventDefault();
}
