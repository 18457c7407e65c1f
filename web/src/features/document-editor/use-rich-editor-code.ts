import { useEffect, useState } from 'react';
import type * as RichEditorModule from '../rich-editor/document-rich-editor';

type RichEditorCode = typeof RichEditorModule;

/** Once fetched, the code is at hand for every later document page without waiting. */
let fetched: RichEditorCode | null = null;

/**
 * The rich editor's code (its own chunk), fetched once `wanted`, while the live document connects. Not `React.lazy` under
 * `Suspense`: a lazy component suspends on its first render even when its code is already here, and React 19 then holds the
 * reveal of the boundary until 300 ms after its fallback showed (its fallback throttle): on every open, the editor waited a
 * third of a second on an idle page after the live document had synced. `failed`: the chunk could not be loaded.
 */
export function useRichEditorCode(wanted: boolean): { code: RichEditorCode | null; failed: boolean } {
  const [code, setCode] = useState(fetched);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || code) return;
    let gone = false;
    import('../rich-editor/document-rich-editor').then(
      (loaded) => {
        fetched = loaded;
        if (!gone) setCode(loaded);
      },
      () => {
        if (!gone) setFailed(true);
      },
    );
    return () => {
      gone = true;
    };
  }, [wanted, code]);
  return { code, failed };
}
