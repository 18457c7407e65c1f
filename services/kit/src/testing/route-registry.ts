import { RequestMethod, type INestApplication } from '@nestjs/common';
import { GUARDS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, REDIRECT_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_ROUTES, type PublicRoute, type RouteInput, type ServiceName } from '@prd/proto/api-routes';
import { ZodPipe } from '../validation/zod.pipe.js';

/** One route a service really serves, read from its controllers' metadata. */
export interface ServedRoute {
  method: string;
  path: string;
  /** The schemas its ZodPipes validate the params, query and body with. */
  input: RouteInput;
  status: number;
  guards: string[];
}

const SLOTS: Record<number, keyof RouteInput> = { [RouteParamtypes.PARAM]: 'params', [RouteParamtypes.QUERY]: 'query', [RouteParamtypes.BODY]: 'body' };

const joinPath = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Every `/api` route of the application's controllers, with what it validates and answers. */
export function servedRoutes(app: INestApplication): ServedRoute[] {
  const served: ServedRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const prefix = Reflect.getMetadata(PATH_METADATA, controller) as string | undefined;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const sub = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (sub === undefined || method === undefined) continue;
        const path = joinPath(prefix ?? '', sub);
        if (!path.startsWith('/api/')) continue;
        const input: RouteInput = {};
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { pipes?: unknown[] }>;
        for (const [key, arg] of Object.entries(args)) {
          const slot = SLOTS[Number(key.split(':')[0])];
          const pipe = arg.pipes?.find((p): p is ZodPipe<never> => p instanceof ZodPipe);
          if (slot && pipe) input[slot] = pipe.schema;
        }
        const redirect = Reflect.getMetadata(REDIRECT_METADATA, handler) as { statusCode?: number } | undefined;
        const code = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
        const status = redirect?.statusCode ?? code ?? (method === RequestMethod.POST ? 201 : 200);
        const guards = ((Reflect.getMetadata(GUARDS_METADATA, handler) ?? []) as Array<{ name?: string }>).map((g) => g.name ?? '');
        served.push({ method: RequestMethod[method].toLowerCase(), path, input, status, guards });
      }
    }
  }
  return served;
}

const key = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;

/**
 * What differs between the service's real routes and its entries in proto's registry (from which
 * the OpenAPI document is built): missing or extra routes, another schema than the one validated
 * (compared by identity, so a copy or a changed schema counts), another success status. Empty when they agree.
 */
export function routeRegistryMismatches(app: INestApplication, service: ServiceName, registry: readonly PublicRoute[] = PUBLIC_ROUTES): string[] {
  const problems: string[] = [];
  const served = servedRoutes(app);
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  const documented = new Map(registry.filter((r) => r.service === service).map((r) => [key(r), r]));
  for (const route of served) {
    if (!fastify.hasRoute({ method: route.method.toUpperCase(), url: route.path })) problems.push(`${key(route)}: not in Fastify's route table`);
    const entry = documented.get(key(route));
    if (!entry) {
      problems.push(`${key(route)}: served but missing from proto's PUBLIC_ROUTES`);
      continue;
    }
    documented.delete(key(route));
    for (const slot of ['params', 'query', 'body'] as const) {
      const validated = route.input[slot];
      if (entry.checkedBy?.slot === slot) {
        if (validated) problems.push(`${key(route)}: ${slot} is validated by a ZodPipe, not by ${entry.checkedBy.by}`);
        else if (entry.checkedBy.by.endsWith('Guard') && !route.guards.includes(entry.checkedBy.by)) problems.push(`${key(route)}: ${entry.checkedBy.by} does not guard it`);
        continue;
      }
      if (validated !== entry[slot]) problems.push(`${key(route)}: the documented ${slot} schema is not the one the route validates with`);
    }
    if (route.status !== entry.answer.status) problems.push(`${key(route)}: answers ${route.status}, documented ${entry.answer.status}`);
  }
  for (const missing of documented.keys()) problems.push(`${missing}: documented but not served`);
  return problems;
}
