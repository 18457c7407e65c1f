import { createDocument, type oas32, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { PUBLIC_ROUTES, type PublicRoute } from './api-routes.js';
import { errorBodySchema } from './errors.js';

/** `/api/documents/:id` → `/api/documents/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (VALIDATION_FAILED, with a message per field)',
  401: 'Not logged in, or wrong credentials (UNAUTHORIZED)',
  403: 'Not allowed: ACCOUNT_REQUIRED for guests, FORBIDDEN otherwise',
  404: 'No such item, or not yours (NOT_FOUND)',
  409: 'Conflicts with existing data (CONFLICT)',
  412: 'The item changed since the version named in `If-Match` (VERSION_CONFLICT, with `currentVersion`); read it again',
  413: 'A file or the request is too large (VALIDATION_FAILED, naming the file)',
  415: 'A file type or content type the route does not take (VALIDATION_FAILED, naming the file)',
  429: 'A monthly allowance is used up (LIMIT_EXCEEDED, with `limit` and `usage`) or too many attempts (RATE_LIMITED)',
  500: 'Unexpected failure (INTERNAL)',
  502: 'The AI provider failed (AI_PROVIDER_FAILED)',
  503: 'A database, Redis or another service is unreachable for now (UNAVAILABLE); retry shortly',
  504: 'The AI reply took too long (AI_TIMEOUT)',
};

const jsonError = (status: number): ZodOpenApiResponseObject => ({
  description: ERROR_DESCRIPTIONS[status] ?? 'Error',
  content: { 'application/json': { schema: errorBodySchema } },
});

function responses(route: PublicRoute): ZodOpenApiResponsesObject {
  const { answer } = route;
  const headers = answer.headers && Object.fromEntries(Object.entries(answer.headers).map(([name, description]) => [name, { description, schema: { type: 'string' as const } }]));
  const success: ZodOpenApiResponseObject = answer.schema
    ? { description: answer.description, content: { 'application/json': { schema: answer.schema } }, ...(headers ? { headers } : {}) }
    : answer.files
      ? { description: answer.description, content: Object.fromEntries(answer.files.map((type) => [type, { schema: { type: 'string' as const, format: 'binary' } }])) }
      : answer.location
        ? { description: answer.description, headers: { Location: { description: `Usually ${answer.location}`, schema: { type: 'string' as const } } } }
        : { description: answer.description };
  const all: Record<string, ZodOpenApiResponseObject> = { [String(answer.status)]: success };
  for (const status of [...route.errors, 500, 503]) all[String(status)] = jsonError(status);
  return all;
}

function operation(route: PublicRoute): ZodOpenApiOperationObject {
  const op: ZodOpenApiOperationObject = {
    operationId: `${route.method}${openApiPath(route.path)
      .replace(/[{}]/g, '')
      .replace(/(^|[/-])(\w)/g, (_, _sep: string, c: string) => c.toUpperCase())}`,
    tags: [route.service],
    summary: route.summary,
    responses: responses(route),
  };
  if (route.description) op.description = route.description;
  if (route.params || route.query) {
    op.requestParams = {};
    if (route.params) op.requestParams.path = route.params as never;
    if (route.query) op.requestParams.query = route.query as never;
  }
  if (route.requestHeaders) {
    op.parameters = Object.entries(route.requestHeaders).map(([name, description]) => ({
      name,
      in: 'header' as const,
      required: false,
      description,
      schema: { type: 'string' as const },
    }));
  }
  if (route.body) op.requestBody = { required: true, content: { 'application/json': { schema: route.body } } };
  if (route.sessionOnly) op.security = [{ session: [] }];
  if (route.multipart) op.requestBody = { required: true, content: { 'multipart/form-data': { schema: route.multipart } } };
  return op;
}

/**
 * The OpenAPI 3.1 document of every public route, generated from the zod schemas the services
 * validate with (docs/decisions/0004-contracts-in-proto.md). The gateway serves it at /api/openapi.json beside the reference at /api/docs.
 */
export function buildOpenApiDocument(routes: readonly PublicRoute[] = PUBLIC_ROUTES): oas32.OpenAPIObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const key = openApiPath(route.path);
    paths[key] = { ...paths[key], [route.method]: operation(route) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'PRD Studio API',
      version: '1.0.0',
      description:
        'The public HTTP API behind the gateway. Calls carry the session cookie set by log-in (an anonymous visitor gets a guest on its first write), ' +
        'or a personal access token from Settings → API tokens as `Authorization: Bearer prd_…` (a `read` token may only GET; bearer calls without a cookie need no Origin header; tokens, the account and its OpenAI key answer a token 403). ' +
        'State-changing calls need a JSON body and, with the session cookie, a same-origin Origin header. Every error answer has the same JSON body.',
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'identity', description: 'Users, guests, sessions, settings, usage and limits, feedback' },
      { name: 'content', description: 'Templates, documents and revisions, projects, activities' },
      { name: 'chat', description: 'AI chat, threads, guided document creation, realtime voice' },
      { name: 'export', description: 'Markdown, Word and PDF files of a document' },
    ],
    components: {
      schemas: { ErrorBody: errorBodySchema },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'prd.sid' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'prd_…', description: 'A personal access token from Settings → API tokens' },
      },
    },
    security: [{ bearer: [] }, { session: [] }, {}],
    paths,
  });
}
