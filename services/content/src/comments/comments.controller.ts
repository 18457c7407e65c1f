import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CurrentUser, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import {
  commentParamsSchema,
  createCommentSchema,
  createReplySchema,
  documentParamsSchema,
  updateCommentSchema,
  type Comment,
  type CommentThread,
  type CreateComment,
  type PersonWithAccess,
  type UpdateComment,
} from '@prd/proto';
import { CommentsService } from './comments.service.js';

type IdParams = { id: number };

/** A document's comment threads (docs/decisions/0012-sharing-and-roles.md). */
@Controller('api/documents/:id/comments')
export class DocumentCommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get()
  @WithUser()
  list(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(documentParamsSchema)) { id }: IdParams): Promise<CommentThread[]> {
    return this.comments.list(user, id);
  }

  @Post()
  @WithUser()
  create(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(documentParamsSchema)) { id }: IdParams,
    @Body(new ZodPipe(createCommentSchema)) body: CreateComment,
  ): Promise<Comment> {
    return this.comments.create(user, id, body);
  }
}

/** One comment: replies, edits, resolving and deleting. */
@Controller('api/comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Post(':id/replies')
  @WithUser()
  reply(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(commentParamsSchema)) { id }: IdParams,
    @Body(new ZodPipe(createReplySchema)) body: { content: string },
  ): Promise<Comment> {
    return this.comments.reply(user, id, body.content);
  }

  @Patch(':id')
  @WithUser()
  update(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(commentParamsSchema)) { id }: IdParams,
    @Body(new ZodPipe(updateCommentSchema)) body: UpdateComment,
  ): Promise<Comment> {
    return this.comments.update(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @WithUser()
  async remove(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(commentParamsSchema)) { id }: IdParams): Promise<void> {
    await this.comments.remove(user, id);
  }
}

/** Who has access to a document (its owner included): the people a comment can mention. */
@Controller('api/documents/:id/people')
export class DocumentPeopleController {
  constructor(private readonly comments: CommentsService) {}

  @Get()
  @WithUser()
  list(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(documentParamsSchema)) { id }: IdParams): Promise<PersonWithAccess[]> {
    return this.comments.withAccess(user, id);
  }
}
