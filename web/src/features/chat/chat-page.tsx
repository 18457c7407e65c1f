import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../app/page-header';
import { usePageTitle } from '../../app/use-page-title';
import { CHAT_MODE_TITLES, parseChatMode } from './chat-modes';

export function ChatPage() {
  const [searchParams] = useSearchParams();
  const title = CHAT_MODE_TITLES[parseChatMode(searchParams.get('mode'))];
  usePageTitle(title);
  return (
    <section className="page">
      <PageHeader title={title} />
    </section>
  );
}
