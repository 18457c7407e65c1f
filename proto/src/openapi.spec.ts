import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { PUBLIC_ROUTES } from './api-routes.js';
import { buildOpenApiDocument, openApiPath } from './openapi.js';

type Operation = {
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument();
  const operation = (method: string, path: string) => (document.paths?.[openApiPath(path)] as Record<string, Operation> | undefined)?.[method];

  it('is OpenAPI 3.1 with one operation per public route and nothing else', () => {
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method} ${path}`));
    expect(documented.sort()).toEqual(PUBLIC_ROUTES.map((r) => `${r.method} ${openApiPath(r.path)}`).sort());
  });

  it("renders each route's path parameters, query, body and answer from its zod schemas", () => {
    for (const route of PUBLIC_ROUTES) {
      const op = operation(route.method, route.path);
      expect(op).toBeDefined();
      const pathNames = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      expect((op?.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)).toEqual(pathNames);
      if (route.query) {
        const names = Object.keys((route.query as z.ZodObject).shape);
        expect(
          op?.parameters
            ?.filter((p) => p.in === 'query')
            .map((p) => p.name)
            .sort(),
        ).toEqual(names.sort());
      }
      if (route.body) expect(op?.requestBody?.content['application/json']?.schema).toBeDefined();
      else if (route.multipart) expect(op?.requestBody?.content['multipart/form-data']?.schema).toBeDefined();
      else expect(op?.requestBody).toBeUndefined();
      expect(Object.keys(op?.responses ?? {})).toContain(String(route.answer.status));
    }
  });

  it('renders a body exactly as zod describes its input', () => {
    const op = operation('post', '/api/documents');
    const { $schema: _, ...expected } = z.toJSONSchema(PUBLIC_ROUTES.find((r) => r.path === '/api/documents' && r.method === 'post')!.body!, { io: 'input' });
    expect(op?.requestBody?.content['application/json']?.schema).toEqual(expected);
  });

  it('gives every error answer the shared error body, whose LIMIT_EXCEEDED form names the allowance', () => {
    for (const route of PUBLIC_ROUTES) {
      const responses = operation(route.method, route.path)?.responses ?? {};
      for (const status of [...route.errors, 500, 503]) {
        expect(responses[String(status)]?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
      }
    }
    const errorBody = document.components?.schemas?.ErrorBody as { properties: Record<string, unknown> };
    expect(errorBody.properties.limit).toEqual({ type: 'string', enum: ['docs', 'messages'] });
  });
});
