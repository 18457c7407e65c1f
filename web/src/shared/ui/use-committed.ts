import { useLayoutEffect, useState } from 'react';

/**
 * False while this component has never been committed, true from the render that follows its first commit, before the browser
 * paints. For work done while rendering that is too costly to lose: React may discard a first render that is not committed
 * (a Suspense boundary's retry, interrupted by an update of a store), and the render after the commit runs in a synchronous
 * lane that nothing interrupts.
 */
export function useCommitted(): boolean {
  const [committed, setCommitted] = useState(false);
  useLayoutEffect(() => setCommitted(true), []);
  return committed;
}
