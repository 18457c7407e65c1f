import { yFragmentToMarkdown } from '@prd/doc-model';
import { changedPassages, type ChangedPassage } from '@prd/proto/suggestion-passages';
import * as Y from 'yjs';

/** The origin of what the fork takes from the live document, apart from its own typing. */
const FROM_LIVE = Symbol('from the live document');

/** From the last line of `prefix` that holds text to its end. */
const lastTextLine = (prefix: string): string => /[^\n]*\S[^\n]*\n*$/.exec(prefix)?.[0] ?? prefix;
/** From the start of `suffix` to the end of its first line that holds text. */
const firstTextLine = (suffix: string): string => /^\n*[^\n]*\S[^\n]*/.exec(suffix)?.[0] ?? suffix;

/**
 * The passages `proposed` changes in `current`, as docs/decisions/0041-suggestions.md quotes them. An insertion point is located by
 * its prefix and suffix joined, exactly: they are cut to the neighbouring lines, so a co-editor's typing nearby, not yet stored by
 * the server, does not make it unlocatable.
 */
export function proposedPassages(current: string, proposed: string): ChangedPassage[] {
  return changedPassages(current, proposed).map((p) =>
    p.quote.exact === '' ? { ...p, quote: { exact: '', prefix: lastTextLine(p.quote.prefix), suffix: firstTextLine(p.quote.suffix) } } : p,
  );
}

/**
 * Suggesting mode's copy of the live document (docs/decisions/0041-suggestions.md): a Y.Doc that receives every update of the live
 * one (co-editors' typing still shows) while its own updates go nowhere, so what is typed into it reaches the document only as the
 * suggestions `changes()` turns it into. `reset()` drops that typing: a fresh copy of the live document.
 */
export class SuggestionFork {
  private current: Y.Doc;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly live: Y.Doc) {
    this.current = this.copy();
    live.on('update', this.follow);
  }

  /** The document the editor is bound to in suggesting mode; another one after `reset()`. */
  get doc(): Y.Doc {
    return this.current;
  }

  /** Called on every change of the fork (typed here or taken from the live document) and on a reset. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getDoc = (): Y.Doc => this.current;

  /** What the typing here changes in the live document now, one passage per changed hunk of markdown. */
  changes(): ChangedPassage[] {
    return proposedPassages(yFragmentToMarkdown(this.live), yFragmentToMarkdown(this.current));
  }

  /** Drops what was typed here: the fork is the live document again. */
  reset(): void {
    const old = this.current;
    this.current = this.copy();
    old.off('update', this.notify);
    old.destroy();
    this.notify();
  }

  destroy(): void {
    this.live.off('update', this.follow);
    this.current.off('update', this.notify);
    this.current.destroy();
    this.listeners.clear();
  }

  private copy(): Y.Doc {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(this.live), FROM_LIVE);
    doc.on('update', this.notify);
    return doc;
  }

  private readonly follow = (update: Uint8Array): void => Y.applyUpdate(this.current, update, FROM_LIVE);

  private readonly notify = (): void => {
    for (const listener of this.listeners) listener();
  };
}
