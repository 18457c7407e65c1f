// The template catalogue (docs/product.md §2): seeded by the content service at start-up, and read by the
// web build, which prerenders the gallery from it (docs/decisions/0027-prerendered-data.md).
import type { Template } from './templates.js';
import type { CatalogueTemplate } from './template-catalogue/catalogue-template.js';
import { engineeringTemplates } from './template-catalogue/engineering.js';
import { ideationTemplates } from './template-catalogue/ideation.js';
import { planningTemplates } from './template-catalogue/planning.js';
import { requirementsTemplates } from './template-catalogue/requirements.js';
import { researchTemplates } from './template-catalogue/research.js';

export type { CatalogueTemplate } from './template-catalogue/catalogue-template.js';

/** Shown first in the gallery, and so on the home page's Popular Templates (the first six). */
const POPULAR = ['product-requirements-document', 'one-page-prd', 'user-persona', 'user-stories', 'brainstorming-session', 'launch-plan'];

const all = [...requirementsTemplates, ...researchTemplates, ...ideationTemplates, ...planningTemplates, ...engineeringTemplates];
const rank = (t: CatalogueTemplate) => {
  const i = POPULAR.indexOf(t.slug);
  return i === -1 ? POPULAR.length : i;
};

/** The seeded template catalogue in gallery order (a stable sort keeps the rest in file order). */
export const TEMPLATE_CATALOGUE: readonly CatalogueTemplate[] = [...all].sort((a, b) => rank(a) - rank(b));

/**
 * The catalogue as `GET /api/templates` lists it from a database it was loaded into: the loader inserts it
 * in this order, so the ids count from 1. The web build prerenders the gallery from this list; the client
 * fetches the real one once it runs, so a database that differs (an older catalogue) is corrected then.
 */
export const LISTED_CATALOGUE: readonly Template[] = TEMPLATE_CATALOGUE.map(({ name, description, category, content, icon, isDefault }, index) => ({
  id: index + 1,
  name,
  description,
  category,
  content,
  icon,
  isDefault: isDefault ?? false,
  source: 'builtin',
  workspaceId: null,
}));
