import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Body, Controller, Get, HttpCode, Module, Param, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { PublicRoute } from '@prd/proto/api-routes';
import { z } from 'zod';
import { Public } from '../access/public.js';
import { ZodPipe } from '../validation/zod.pipe.js';
import { routeRegistryMismatches } from './route-registry.js';

const itemParams = z.object({ id: z.string() });
const itemBody = z.object({ name: z.string() });

// The fixtures are public: the registry check is about schemas and statuses, not access (lint's route policy).
@Controller('api/items')
@Public()
class ItemsController {
  @Get(':id')
  get(@Param(new ZodPipe(itemParams)) params: z.infer<typeof itemParams>) {
    return params;
  }

  @Post()
  @HttpCode(200)
  create(@Body(new ZodPipe(itemBody)) body: z.infer<typeof itemBody>) {
    return body;
  }
}

@Controller('healthz')
@Public()
class NotPublicController {
  @Get()
  get() {
    return {};
  }
}

@Module({ controllers: [ItemsController, NotPublicController] })
class ItemsModule {}

const answer = { status: 200 as const, description: 'ok', schema: z.object({}) };
const registry: PublicRoute[] = [
  { service: 'content', method: 'get', path: '/api/items/:id', summary: 'one', params: itemParams, answer, errors: [] },
  { service: 'content', method: 'post', path: '/api/items', summary: 'new', body: itemBody, answer, errors: [] },
];

describe('routeRegistryMismatches', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(ItemsModule, new FastifyAdapter(), { logger: false });
    await app.init();
  });
  afterAll(() => app.close());

  it('finds nothing when the registry matches the served routes (non-/api routes are not public)', () => {
    expect(routeRegistryMismatches(app, 'content', registry)).toEqual([]);
  });

  it('reports a served route missing from the registry, and a documented one that is not served', () => {
    const [get, post] = registry as [PublicRoute, PublicRoute];
    expect(routeRegistryMismatches(app, 'content', [get, { ...post, path: '/api/things' }])).toEqual([
      "POST /api/items: served but missing from proto's PUBLIC_ROUTES",
      'POST /api/things: documented but not served',
    ]);
  });

  it('reports a documented schema that is not the one validated, even an equal copy', () => {
    const [get, post] = registry as [PublicRoute, PublicRoute];
    const copy = z.object({ name: z.string() });
    expect(
      routeRegistryMismatches(app, 'content', [
        { ...get, params: undefined, query: itemParams },
        { ...post, body: copy },
      ]),
    ).toEqual([
      'GET /api/items/:id: the documented params schema is not the one the route validates with',
      'GET /api/items/:id: the documented query schema is not the one the route validates with',
      'POST /api/items: the documented body schema is not the one the route validates with',
    ]);
  });

  it('reports another success status, and a check said to happen elsewhere that a ZodPipe does', () => {
    const [get, post] = registry as [PublicRoute, PublicRoute];
    expect(routeRegistryMismatches(app, 'content', [get, { ...post, answer: { ...answer, status: 201 }, checkedBy: { slot: 'body', by: 'SomeGuard' } }])).toEqual([
      'POST /api/items: body is validated by a ZodPipe, not by SomeGuard',
      'POST /api/items: answers 200, documented 201',
    ]);
  });

  it('ignores the routes of other services', () => {
    expect(routeRegistryMismatches(app, 'chat', registry)).toEqual([
      "GET /api/items/:id: served but missing from proto's PUBLIC_ROUTES",
      "POST /api/items: served but missing from proto's PUBLIC_ROUTES",
    ]);
  });
});
