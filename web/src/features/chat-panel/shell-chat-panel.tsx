import { MessageOutlined } from '@ant-design/icons';
import { Suspense, useState } from 'react';
import { useMatch } from 'react-router-dom';
import { lazyNamed } from '../../shared/ui/lazy-named';
import { usePageChatShown } from '../../shared/ui/page-chat';
import { useIsWideScreen } from '../../shared/ui/use-is-wide-screen';
import styles from './chat-panel.module.css';
import floating from '../../shared/ui/floating-launcher.module.css';

// The panel's code (markdown, the chat calls) loads when it is first opened, never with the page.
const ChatPanel = lazyNamed(() => import('./chat-panel'), 'ChatPanel');

/**
 * The shell's 'AI Assistant' (docs/product.md §2), on large screens only: a button that opens the panel. Once
 * opened the panel stays mounted while closed, so its history is fetched once and its view is kept. The launcher
 * steps aside while the page shows an AI chat of its own (shared/ui/page-chat.ts: a document's, the guided flow's).
 */
export function ShellChatPanel() {
  const isWide = useIsWideScreen();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  // docs/product.md §7: open on a document's page, the panel talks about that document, in that document's chat.
  const documentId = Number(useMatch('/documents/:id')?.params.id) || undefined;
  const pageChatShown = usePageChatShown();
  if (!isWide) return null;
  return (
    <>
      {!open && !pageChatShown && (
        <button
          type="button"
          className={`${floating.launcher} ${styles.chatPanelLauncher}`}
          aria-expanded={false}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        >
          <MessageOutlined aria-hidden />
          <span>AI Assistant</span>
        </button>
      )}
      {used && (
        <Suspense>
          {/* One panel per conversation: the general chat's, or a document's while its page is open. */}
          <ChatPanel key={documentId ?? 'general'} documentId={documentId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
