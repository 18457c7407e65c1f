import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CurrentUser, unauthorized, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import {
  createShareSchema,
  documentParamsSchema,
  PROJECTS_ACCOUNT_REQUIRED,
  projectParamsSchema,
  SHARE_ACCOUNT_REQUIRED,
  shareParamsSchema,
  updateShareSchema,
  type CreateShare,
  type Share,
  type UpdateShare,
} from '@prd/proto';
import type { Owner } from '../access/access.js';
import { SharesService } from './shares.service.js';

type IdParams = { id: number };
type ShareParams = { id: number; userId: number };

/** The policy lets only registered users through, so a user is always present here. */
function registered(user: ActingUser | null): Owner {
  if (!user) throw unauthorized();
  return user;
}

/** Who has access to a document; only its owner changes that. Guests neither share nor are invited (403 ACCOUNT_REQUIRED). */
@Controller('api/documents/:id/shares')
export class DocumentSharesController {
  constructor(private readonly shares: SharesService) {}

  @Get()
  @WithUser()
  list(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(documentParamsSchema)) { id }: IdParams): Promise<Share[]> {
    return this.shares.list(user, 'document', id);
  }

  @Post()
  @WithUser({ registered: SHARE_ACCOUNT_REQUIRED })
  add(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(documentParamsSchema)) { id }: IdParams, @Body(new ZodPipe(createShareSchema)) body: CreateShare): Promise<Share> {
    return this.shares.add(registered(user), 'document', id, body);
  }

  @Patch(':userId')
  @WithUser({ registered: SHARE_ACCOUNT_REQUIRED })
  update(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(shareParamsSchema)) p: ShareParams, @Body(new ZodPipe(updateShareSchema)) body: UpdateShare): Promise<Share> {
    return this.shares.update(registered(user), 'document', p.id, p.userId, body.role);
  }

  @Delete(':userId')
  @HttpCode(204)
  @WithUser({ registered: SHARE_ACCOUNT_REQUIRED })
  async remove(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(shareParamsSchema)) p: ShareParams): Promise<void> {
    await this.shares.remove(registered(user), 'document', p.id, p.userId);
  }
}

/** Who has access to a project (and so to its documents); projects are for registered users only (docs/product.md §6). */
@Controller('api/projects/:id/shares')
export class ProjectSharesController {
  constructor(private readonly shares: SharesService) {}

  @Get()
  @WithUser({ registered: PROJECTS_ACCOUNT_REQUIRED })
  list(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(projectParamsSchema)) { id }: IdParams): Promise<Share[]> {
    return this.shares.list(registered(user), 'project', id);
  }

  @Post()
  @WithUser({ registered: SHARE_ACCOUNT_REQUIRED })
  add(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(projectParamsSchema)) { id }: IdParams, @Body(new ZodPipe(createShareSchema)) body: CreateShare): Promise<Share> {
    return this.shares.add(registered(user), 'project', id, body);
  }

  @Patch(':userId')
  @WithUser({ registered: SHARE_ACCOUNT_REQUIRED })
  update(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(shareParamsSchema)) p: ShareParams, @Body(new ZodPipe(updateShareSchema)) body: UpdateShare): Promise<Share> {
    return this.shares.update(registered(user), 'project', p.id, p.userId, body.role);
  }

  @Delete(':userId')
  @HttpCode(204)
  @WithUser({ registered: SHARE_ACCOUNT_REQUIRED })
  async remove(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(shareParamsSchema)) p: ShareParams): Promise<void> {
    await this.shares.remove(registered(user), 'project', p.id, p.userId);
  }
}
