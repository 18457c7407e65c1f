import type { AnyExtension } from '@tiptap/core';
import { CommentHighlights } from './comment-highlights';
import { PasteHandling } from './paste';
import { WritingShortcuts } from './shortcuts';
import { SlashMenu } from './slash-menu';
import { TaskInput } from './task-input';

export interface WritingAidOptions {
  /** Comment on the selection (Mod-Alt-M). */
  onComment?: () => void;
  /** A click on a commented passage: its thread's id. */
  onCommentClick?: (id: number) => void;
  /** A paste refused for its size. */
  onPasteRefused?: () => void;
}

/** The extensions the writing aids add to an editor built on `documentExtensions`. */
export function writingAidExtensions({ onComment, onCommentClick, onPasteRefused }: WritingAidOptions): AnyExtension[] {
  return [
    SlashMenu,
    WritingShortcuts.configure({ onComment }),
    PasteHandling.configure({ onRefused: onPasteRefused }),
    TaskInput,
    CommentHighlights.configure({ onClick: onCommentClick }),
  ];
}
