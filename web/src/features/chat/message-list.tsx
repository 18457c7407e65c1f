import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { memo, useEffect, useRef } from 'react';
import { relativeTime } from '../../shared/format/relative-time';
import { useToast } from '../../shared/toast/toast';
import { MarkdownView } from './markdown-view';
import { splitStreamingMarkdown } from './streaming-markdown';
import { lastReplyIndex, type ViewMessage } from './view-message';
import styles from './chat.module.css';

interface Props {
  messages: ViewMessage[];
  /** Names the conversation for assistive technology. */
  label: string;
  /** Shows 'AI is thinking...' after the last message. */
  thinking?: boolean;
  /** The reply being written (docs/decisions/0014-streaming-replies.md), shown as it grows; null when none is. */
  streamingText?: string | null;
  /** Offers 'Regenerate' on the last reply (a stored one, while nothing is being written). */
  onRegenerate?: () => void;
  /** Shows each message's relative time under it (project chat). */
  showTimes?: boolean;
  /** A class of the embedding view that sizes the scroller (a docked panel fills its height). */
  className?: string;
}

const ROLE_NAMES = { user: 'You', assistant: 'AI', system: 'System' } as const;
/** User bubbles sit on the right, system notes in the middle, the AI's on the left (the row's default). */
const ROW_CLASSES = { user: styles.chatBubbleRowUser, assistant: '', system: styles.chatBubbleRowSystem };
const BUBBLE_CLASSES = { user: styles.chatBubbleUser, assistant: styles.chatBubbleAssistant, system: styles.chatBubbleSystem };
/** How close to the bottom (px) still counts as 'at the bottom': the view follows new text from there. */
const PINNED_SLACK_PX = 48;

/** Whole blocks render once; only the growing block re-renders with each delta. */
const SettledMarkdown = memo(function SettledMarkdown({ text }: { text: string }) {
  return text ? <MarkdownView text={text} variant="chat" /> : null;
});

/** A reply while it is written: markdown for finished blocks, a half table or code block as plain text (docs/decisions/0014-streaming-replies.md). */
function StreamingReply({ text }: { text: string }) {
  const { settled, tail, tailIsRaw } = splitStreamingMarkdown(text);
  return (
    <>
      <SettledMarkdown text={settled} />
      {tail && (tailIsRaw ? <p className={styles.chatStreamingRaw}>{tail}</p> : <MarkdownView text={tail} variant="chat" />)}
    </>
  );
}

function Bubble({ message, showTime, onRegenerate }: { message: ViewMessage; showTime: boolean; onRegenerate: (() => void) | undefined }) {
  const toast = useToast();
  const copy = () => {
    navigator.clipboard.writeText(message.content).then(
      () => toast.success('Copied to clipboard'),
      () => toast.error('Could not copy the reply'),
    );
  };
  const actions = message.role === 'assistant' && message.key !== 'greeting';
  return (
    <li className={`${styles.chatBubbleRow} ${ROW_CLASSES[message.role]}`}>
      <div className={`${styles.chatBubble} ${BUBBLE_CLASSES[message.role]}`}>
        <span className="visually-hidden">{ROLE_NAMES[message.role]}: </span>
        {message.role === 'user' ? <p className={styles.chatUserText}>{message.content}</p> : <MarkdownView text={message.content} variant="chat" />}
        {message.stopped && <p className={styles.chatStoppedNote}>Stopped</p>}
      </div>
      {actions && (
        <div className={styles.chatReplyActions}>
          <Button size="small" type="text" icon={<CopyOutlined aria-hidden />} aria-label="Copy reply" onClick={copy} />
          {onRegenerate && (
            <Button size="small" type="text" icon={<ReloadOutlined aria-hidden />} onClick={onRegenerate}>
              Regenerate
            </Button>
          )}
        </div>
      )}
      {showTime && message.createdAt && <span className={styles.chatTime}>{relativeTime(message.createdAt)}</span>}
    </li>
  );
}

/**
 * A conversation: user bubbles on the right, the AI's (markdown) on the left, system notes centred; the reply being
 * written grows in place. The view follows new text while it is at the bottom, and stays put once the user scrolls up.
 */
export function MessageList({ messages, label, thinking = false, streamingText = null, onRegenerate, showTimes = false, className }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const last = messages.at(-1);
  const streaming = streamingText !== null;

  useEffect(() => {
    const element = scroller.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [messages.length, last?.content, thinking, streamingText]);

  const onScroll = () => {
    const element = scroller.current;
    if (element) pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight <= PINNED_SLACK_PX;
  };

  // The last reply (only system notes may follow it), once it is stored.
  const lastReply = lastReplyIndex(messages);
  const regenerable = !streaming && !thinking && lastReply >= 0 && messages[lastReply]?.key.startsWith('m') ? onRegenerate : undefined;

  const scrollerClass = className ? `${styles.chatMessages} ${className}` : styles.chatMessages;

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the scrolling log must take keyboard focus to scroll with the keys
    <div ref={scroller} className={scrollerClass} role="log" aria-label={label} aria-live="polite" tabIndex={0} onScroll={onScroll}>
      <ul>
        {messages.map((message, index) => (
          <Bubble key={message.key} message={message} showTime={showTimes} onRegenerate={index === lastReply ? regenerable : undefined} />
        ))}
        {streaming && streamingText && (
          <li className={styles.chatBubbleRow}>
            <div className={`${styles.chatBubble} ${styles.chatBubbleAssistant}`} aria-busy="true" data-testid="streaming-reply">
              <span className="visually-hidden">AI: </span>
              <StreamingReply text={streamingText} />
            </div>
          </li>
        )}
      </ul>
      {(thinking || (streaming && !streamingText)) && (
        <p className={styles.chatThinking} role="status">
          <span className={styles.chatThinkingDots} aria-hidden />
          AI is thinking...
        </p>
      )}
    </div>
  );
}
