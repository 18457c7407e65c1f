/** The latest value given to `set`, applied at most once per animation frame; `flush` applies a pending one now. */
export interface PerFrame<T> {
  set(value: T): void;
  flush(): void;
  cancel(): void;
}

/**
 * For updates that arrive faster than the screen shows them (a streamed answer's tokens, several in one network chunk): each
 * costs a render, and only the last before a frame is ever seen, so only that one is applied, just before the frame paints.
 */
export function perFrame<T>(apply: (value: T) => void): PerFrame<T> {
  let frame: number | null = null;
  let pending: { value: T } | null = null;
  const run = () => {
    frame = null;
    const next = pending;
    pending = null;
    if (next) apply(next.value);
  };
  const cancel = () => {
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
    pending = null;
  };
  return {
    set(value) {
      pending = { value };
      frame ??= requestAnimationFrame(run);
    },
    flush() {
      if (frame !== null) cancelAnimationFrame(frame);
      run();
    },
    cancel,
  };
}
