import mammoth from 'mammoth';
import { htmlToMarkdown, type Converted } from './html.js';

/** Word's embedded images are not read: each becomes an `<img>` without a source, which htmlToMarkdown drops and counts. */
const skipImage = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

/** A Word file as markdown: mammoth maps its styles to HTML (Heading 1 → h1, lists, tables, links, bold, italic), turndown writes GFM. */
export async function docxToMarkdown(data: Buffer): Promise<Converted> {
  const { value } = await mammoth.convertToHtml({ buffer: data }, { convertImage: skipImage });
  return htmlToMarkdown(value);
}
