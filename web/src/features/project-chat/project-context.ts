import type { DocumentDto, ProjectDto } from '@prd/proto';

/** docs/product.md §7: the project's name and description, then each document as 'Document: title' and its content. */
export function projectContext(project: Pick<ProjectDto, 'name' | 'description'> | undefined, documents: Pick<DocumentDto, 'title' | 'content'>[]): string {
  const head = project ? [`Project: ${project.name}`, project.description ? `Description: ${project.description}` : ''] : [];
  const body = documents.map((document) => `Document: ${document.title}\n${document.content}`);
  return [...head, ...body].filter(Boolean).join('\n\n');
}
