import type { ReactNode } from 'react';
import { MarkdownView } from '../chat/markdown-view';
import { characterCount } from './character-count';
import styles from './document-preview.module.css';

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
    <section className={styles.preview} aria-label="Document preview">
      <header className={styles.head}>
        <div className={styles.title}>
          <h2>{title}</h2>
          <span className={styles.count} data-testid="character-count">
            {characterCount(content)}
          </span>
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </header>
      <div className={styles.body}>{children ?? <MarkdownView text={content} />}</div>
    </section>
  );
}
