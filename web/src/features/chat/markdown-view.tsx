import Markdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { markdownUrlTransform } from './markdown-urls';
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
 * default URL transform drops `javascript:` and other unsafe links, so untrusted text cannot run code;
 * an image cannot make the reader's browser call the API (`![](/api/logout)`) just by being shown.
 */
export function MarkdownView({
  text,
  variant = 'document',
  rehypePlugins,
  components,
}: {
  text: string;
  variant?: 'document' | 'chat';
  /** Extra rendering steps (a document's comment highlights) and the elements they add. */
  rehypePlugins?: Options['rehypePlugins'];
  components?: Components;
}) {
  return (
    <div className={styles[variant]}>
      <Markdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={rehypePlugins}
        components={components ? { ...COMPONENTS, ...components } : COMPONENTS}
        urlTransform={markdownUrlTransform}
        skipHtml
      >
        {text}
      </Markdown>
    </div>
  );
}
