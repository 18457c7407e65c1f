import { useEffect, useRef } from 'react';
import { relativeTime } from '../../app/relative-time';
import { MarkdownView } from './markdown-view';
import type { ViewMessage } from './view-message';

interface Props {
  messages: ViewMessage[];
  /** Names the conversation for assistive technology. */
  label: string;
  /** Shows 'AI is thinking...' after the last message. */
  thinking?: boolean;
  /** Shows each message's relative time under it (project chat). */
  showTimes?: boolean;
}

const ROLE_NAMES = { user: 'You', assistant: 'AI', system: 'System' } as const;

function Bubble({ message, showTime }: { message: ViewMessage; showTime: boolean }) {
  return (
    <li className={`chat-bubble-row chat-bubble-row-${message.role}`}>
      <div className={`chat-bubble chat-bubble-${message.role}`}>
        <span className="visually-hidden">{ROLE_NAMES[message.role]}: </span>
        {message.role === 'user' ? <p className="chat-user-text">{message.content}</p> : <MarkdownView text={message.content} className="chat-markdown" />}
      </div>
      {showTime && message.createdAt && <span className="chat-time">{relativeTime(message.createdAt)}</span>}
    </li>
  );
}

/** A conversation: user bubbles on the right, the AI's (markdown) on the left, system notes centred. Keeps the newest in view. */
export function MessageList({ messages, label, thinking = false, showTimes = false }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);

  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages.length, last?.content, thinking]);

  return (
    // A scrolling region must be reachable by keyboard to be scrolled without a mouse.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
    <div ref={scroller} className="chat-messages" role="log" aria-label={label} aria-live="polite" tabIndex={0}>
      <ul>
        {messages.map((message) => (
          <Bubble key={message.key} message={message} showTime={showTimes} />
        ))}
      </ul>
      {thinking && (
        <p className="chat-thinking" role="status">
          <span className="chat-thinking-dots" aria-hidden />
          AI is thinking...
        </p>
      )}
    </div>
  );
}
