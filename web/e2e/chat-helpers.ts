import { expect, type Page } from './fixtures';
import type { DocumentDto, ProjectDto, Template, Usage } from '@prd/proto';

/** The Origin a browser sends with the page's own state-changing requests (the services refuse any without, docs/decisions/0009-security.md). */
export const pageOrigin = { Origin: new URL(process.env.E2E_BASE_URL ?? 'http://localhost:8080').origin };

/**
 * API shortcuts for the chat, flow, editor and project tests. They run in the page's own request
 * context, which shares the browser's cookies: a visitor's first write makes them a guest there too.
 */
export async function createDocumentByApi(page: Page, title: string, content: string): Promise<DocumentDto> {
  const response = await page.request.post('/api/documents', { data: { title, content }, headers: pageOrigin });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as DocumentDto;
}

export async function createProjectByApi(page: Page, name: string, description: string): Promise<ProjectDto> {
  const response = await page.request.post('/api/projects', { data: { name, description }, headers: pageOrigin });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ProjectDto;
}

export async function defaultTemplate(page: Page): Promise<Template> {
  const response = await page.request.get('/api/templates');
  const templates = (await response.json()) as Template[];
  const template = templates.find((t) => t.isDefault) ?? templates[0];
  if (!template) throw new Error('the stack has no templates');
  return template;
}

/** Sends one chat message over the API (one message of the allowance). */
export async function sendChatByApi(page: Page, content: string): Promise<void> {
  const response = await page.request.post('/api/chat', { data: { content }, headers: pageOrigin });
  expect(response.ok(), await response.text()).toBe(true);
}

export async function usageOf(page: Page): Promise<Usage> {
  return (await (await page.request.get('/api/usage')).json()) as Usage;
}
