import type { CatalogueTemplate } from './catalogue-template.js';
import { engineeringTemplates } from './engineering.js';
import { ideationTemplates } from './ideation.js';
import { planningTemplates } from './planning.js';
import { requirementsTemplates } from './requirements.js';
import { researchTemplates } from './research.js';

export type { CatalogueTemplate } from './catalogue-template.js';

/** Shown first in the gallery, and so on the home page's Popular Templates (the first six). */
const POPULAR = ['product-requirements-document', 'one-page-prd', 'user-persona', 'user-stories', 'brainstorming-session', 'launch-plan'];

const all = [...requirementsTemplates, ...researchTemplates, ...ideationTemplates, ...planningTemplates, ...engineeringTemplates];
const rank = (t: CatalogueTemplate) => {
  const i = POPULAR.indexOf(t.slug);
  return i === -1 ? POPULAR.length : i;
};

/** The seeded template catalogue in gallery order (a stable sort keeps the rest in file order). */
export const TEMPLATE_CATALOGUE: readonly CatalogueTemplate[] = [...all].sort((a, b) => rank(a) - rank(b));
