import type { TemplateIcon } from '../templates.js';

/** One template of the seeded catalogue; `slug` is its stable identity across releases. */
export interface CatalogueTemplate {
  slug: string;
  name: string;
  description: string;
  category: string;
  icon: TemplateIcon;
  isDefault?: boolean;
  /** Markdown: `## ` sections whose bodies are guidance lines (`_..._` or `> ...`) for the writer. */
  content: string;
}
