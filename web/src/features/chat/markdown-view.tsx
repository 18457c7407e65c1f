import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import styles from './markdown-view.module.css';

/** Links open in a new tab without handing the opened page a reference to this one. */
const COMPONENTS: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
};

/**
 * Markdown from the AI or a document, rendered safely: react-markdown never renders raw HTML, and its
 * default URL transform drops `javascript:` and other unsafe links, so untrusted text cannot run code.
 */
export function MarkdownView({ text, variant = 'document' }: { text: string; variant?: 'document' | 'chat' }) {
  return (
    <div className={styles[variant]}>
      <Markdown remarkPlugins={[remarkGfm]} components={COMPONENTS} skipHtml>
        {text}
      </Markdown>
    </div>
  );
}
