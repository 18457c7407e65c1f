import { SendOutlined, StopOutlined } from '@ant-design/icons';
import { CHAT_INPUT_MAX_HEIGHT_PX } from '../../shared/ui-constants';
import { Button } from 'antd';
import { useEffect, useId, useRef, type KeyboardEvent, type RefObject } from 'react';
import styles from './chat.module.css';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed text; never with blank text. */
  onSend: (text: string) => void;
  /** A send is in flight: sending is disabled, typing is not. */
  pending?: boolean;
  label?: string;
  placeholder?: string;
  /** The disabled 'Start Realtime Chat (Coming Soon)' button of docs/product.md §2. */
  showRealtimeButton?: boolean;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  /** While a reply is written: Stop in place of Send, which closes the request (docs/decisions/0014-streaming-replies.md). */
  onStop?: () => void;
}

/**
 * The message box of every chat (docs/product.md §2, §5): grows with its text up to 160 px, Enter sends the
 * trimmed text, Shift+Enter breaks the line, and Send is disabled while blank or while a send is pending.
 */
export function ChatComposer({
  value,
  onChange,
  onSend,
  pending = false,
  label = 'Message',
  placeholder = 'Type your message...',
  showRealtimeButton = false,
  inputRef,
  onStop,
}: Props) {
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const textarea = inputRef ?? ownRef;
  const hintId = useId();
  const canSend = value.trim().length > 0 && !pending;

  useEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, CHAT_INPUT_MAX_HEIGHT_PX)}px`;
  }, [value, textarea]);

  const send = () => {
    if (canSend) onSend(value.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <div className={styles.chatComposer}>
      <div className={styles.chatComposerRow}>
        <textarea
          ref={textarea}
          className={styles.chatInput}
          rows={1}
          value={value}
          aria-label={label}
          aria-describedby={hintId}
          placeholder={placeholder}
          style={{ maxHeight: CHAT_INPUT_MAX_HEIGHT_PX }}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {pending && onStop ? (
          <Button danger icon={<StopOutlined aria-hidden />} aria-label="Stop the reply" onClick={onStop} />
        ) : (
          <Button type="primary" icon={<SendOutlined aria-hidden />} aria-label="Send message" disabled={!canSend} onClick={send} />
        )}
      </div>
      <div className={styles.chatComposerFoot}>
        <span id={hintId} className={styles.chatHint}>
          Press Enter to send, Shift+Enter for new line
        </span>
        {showRealtimeButton && (
          <Button size="small" disabled>
            Start Realtime Chat (Coming Soon)
          </Button>
        )}
      </div>
    </div>
  );
}
