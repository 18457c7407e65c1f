import type { Template } from '@prd/proto';

/** The value of the 'Default Template' option of every template select (docs/product.md §2). */
export const NO_TEMPLATE = 'no-template';

/**
 * The template a new document starts from (docs/product.md §5): the chosen one, else the one flagged
 * isDefault, else the first; null when there are no templates at all.
 */
export function chooseTemplate(templates: readonly Template[], choice: number | typeof NO_TEMPLATE | undefined): Template | null {
  if (typeof choice === 'number') {
    const chosen = templates.find((template) => template.id === choice);
    if (chosen) return chosen;
  }
  return templates.find((template) => template.isDefault) ?? templates[0] ?? null;
}

/** The guided, AI-assisted document flow of a template; with a workspace, the document is made there (docs/decisions/0037-workspaces.md). */
export const aiAssistedFlowPath = (templateId: number, workspaceId: number | null = null): string =>
  `/document-flow/${templateId}?mode=ai-assisted${workspaceId === null ? '' : `&workspace=${workspaceId}`}`;
