import { useEffect, useState } from 'react';

/** Each chunk's module once fetched, by its loader: at hand for every later page without waiting. */
const fetched = new Map<() => Promise<unknown>, unknown>();

/** Fetches a chunk before its page wants it (a failure is the page's to show, when it asks again). */
export function preloadCodeChunk(load: () => Promise<unknown>): void {
  load().then(
    (loaded) => fetched.set(load, loaded),
    () => undefined,
  );
}

/**
 * A chunk's module (`load`: a dynamic import), fetched once `wanted`; null until it is here. Not `React.lazy` under
 * `Suspense`: a lazy component suspends on its first render even when its code is already here, and React 19 then holds
 * the reveal of the boundary until 300 ms after its fallback showed (its fallback throttle): on every open, the editor
 * waited a third of a second on an idle page after the live document had synced. `failed`: the chunk could not be loaded.
 */
export function useCodeChunk<Module>(load: () => Promise<Module>, wanted: boolean): { code: Module | null; failed: boolean } {
  const [code, setCode] = useState<Module | null>(() => (fetched.get(load) as Module | undefined) ?? null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || code) return;
    let gone = false;
    load().then(
      (loaded) => {
        fetched.set(load, loaded);
        if (!gone) setCode(loaded);
      },
      () => {
        if (!gone) setFailed(true);
      },
    );
    return () => {
      gone = true;
    };
  }, [load, wanted, code]);
  return { code, failed };
}
