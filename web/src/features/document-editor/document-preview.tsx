import type { ReactNode } from 'react';
import { MarkdownView } from '../chat/markdown-view';
import { characterCount } from './character-count';

interface Props {
  title: string;
  content: string;
  /** Badges and buttons beside the title (Updating..., Export, Refresh). */
  actions?: ReactNode;
  /** Replaces the rendered markdown (the editor's text box, a revision's diff). */
  children?: ReactNode;
}

/** A document's live preview (docs/product.md §2): its title, its character count and its markdown. */
export function DocumentPreview({ title, content, actions, children }: Props) {
  return (
    <section className="document-preview" aria-label="Document preview">
      <header className="document-preview-head">
        <div className="document-preview-title">
          <h2>{title}</h2>
          <span className="document-preview-count" data-testid="character-count">
            {characterCount(content)}
          </span>
        </div>
        {actions && <div className="document-preview-actions">{actions}</div>}
      </header>
      <div className="document-preview-body">{children ?? <MarkdownView text={content} />}</div>
    </section>
  );
}
