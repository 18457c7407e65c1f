import type { Suggestion } from '@prd/proto';
import { Button, Tag } from 'antd';
import { relativeTime } from '../../shared/format/relative-time';
import { ListItemButton } from '../../shared/ui/list-item-button';
import { quoteText } from '../rich-editor/aids/document-text';
import { suggestionAuthorLabel } from './suggestion-label';
import type { Decision } from './suggestions-api';
import styles from './suggestions.module.css';

interface Props {
  /** The pending and outdated suggestions, newest first. */
  suggestions: Suggestion[];
  /** Owners and editors: Accept, Reject, Accept all and Reject all. */
  canDecide: boolean;
  busy: boolean;
  onDecide: (id: number, decision: Decision) => void;
  onDecideAll: (decision: Decision) => void;
  /** Brings the suggestion's passage into view in the editor. */
  onShow: (id: number) => void;
}

/** "Review changes": every suggestion still to decide, its passage and replacement as text (not markdown), with Accept and Reject for owners and editors. */
export function ReviewList({ suggestions, canDecide, busy, onDecide, onDecideAll, onShow }: Props) {
  if (suggestions.length === 0) return <p className={styles.empty}>No suggestions to review.</p>;
  const acceptable = suggestions.some((s) => s.status === 'pending');
  return (
    <>
      {canDecide && (
        <div className={styles.allActions}>
          <Button type="primary" disabled={busy || !acceptable} onClick={() => onDecideAll('accept')}>
            Accept all
          </Button>
          <Button disabled={busy} onClick={() => onDecideAll('reject')}>
            Reject all
          </Button>
        </div>
      )}
      <ul className={styles.list} aria-label="Suggestions to review">
        {suggestions.map((suggestion) => {
          const author = suggestionAuthorLabel(suggestion.author);
          return (
            <li key={suggestion.id} className={styles.item} aria-label={`Suggestion by ${author}`}>
              <ListItemButton className={styles.show} onClick={() => onShow(suggestion.id)} title="Show it in the document">
                <span className={styles.meta}>
                  <strong>{author}</strong> · {relativeTime(suggestion.createdAt)}
                  {suggestion.status === 'outdated' && (
                    <Tag color="warning" className={styles.outdated}>
                      Outdated
                    </Tag>
                  )}
                </span>
                <span className={styles.change}>
                  {suggestion.quote.exact && <del className={styles.deleted}>{quoteText(suggestion.quote.exact, '\n')}</del>}
                  {suggestion.quote.exact && suggestion.replacement && <span aria-hidden> → </span>}
                  {suggestion.replacement && <ins className={styles.inserted}>{quoteText(suggestion.replacement, '\n')}</ins>}
                </span>
                {suggestion.note && <span className={styles.note}>{suggestion.note}</span>}
              </ListItemButton>
              {canDecide && (
                <span className={styles.itemActions}>
                  {suggestion.status === 'pending' && (
                    <Button size="small" type="primary" disabled={busy} onClick={() => onDecide(suggestion.id, 'accept')}>
                      Accept
                    </Button>
                  )}
                  <Button size="small" disabled={busy} onClick={() => onDecide(suggestion.id, 'reject')}>
                    Reject
                  </Button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
