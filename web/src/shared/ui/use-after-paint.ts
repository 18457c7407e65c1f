import { useEffect, useState } from 'react';

/**
 * Whether the page has painted since `ready` first became true: for work that need not delay what is being shown (it
 * then runs in a task after that frame, not in the one that renders it).
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let next: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      next = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(next);
    };
  }, [ready, painted]);
  return painted;
}
