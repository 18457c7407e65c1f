/** Tags of the data blocks a prompt may hold; user text must never open or close one of them. */
const DATA_TAGS = ['document', 'template', 'project', 'history', 'passage', 'context'] as const;
export type DataTag = (typeof DATA_TAGS)[number];

/**
 * Any `<document`, `</Document >`, `< /PROJECT x=1>`… inside user text, whatever its case, spacing or
 * attributes: its `<` becomes `&lt;`, so the text reads the same to the model but is no tag.
 */
const TAG_LIKE = new RegExp(`<(?=\\s*/?\\s*(?:${DATA_TAGS.join('|')})\\b)`, 'gi');

export const neutraliseTags = (text: string): string => text.replace(TAG_LIKE, '&lt;');

/** An attribute value on one line, without quotes or angle brackets. */
export const attr = (name: string, value: string): string => ` ${name}="${value.replace(/["<>\r\n]/g, ' ')}"`;

/** User text as a data block of the prompt: nothing inside can close it early or open another. */
export function dataBlock(tag: DataTag, attrs: string, text: string): string {
  return `<${tag}${attrs}>\n${neutraliseTags(text)}\n</${tag}>`;
}
