import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, WithUser, ZodPipe, notFound, type ActingUser } from '@prd/kit';
import {
  chatDocumentParamsSchema as documentParams,
  chatScopeQuerySchema,
  postChatSchema,
  regenerateChatSchema,
  type ChatMessage,
  type PostChat,
  type RegenerateChat,
} from '@prd/proto';
import type { z } from 'zod';
import { ReplyResponder } from '../streaming/reply-responder.js';
import { ChatService } from './chat.service.js';

@Controller('api/chat')
export class ChatController {
  constructor(
    private readonly chat: ChatService,
    private readonly responder: ReplyResponder,
  ) {}

  /** One message and its AI reply: general (mode, thread), document, project or shell panel. JSON, or SSE when asked (docs/decisions/0014-streaming-replies.md). */
  @Post()
  @HttpCode(200)
  @WithUser({ provisionGuest: postChatSchema })
  send(@CurrentUser() user: ActingUser, @Body(new ZodPipe(postChatSchema)) body: PostChat, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.responder.answer(request, reply, (live) => this.chat.send(user.id, body, live));
  }

  /** A new reply to the last message of a thread or document chat, replacing the last reply (docs/decisions/0014-streaming-replies.md). */
  @Post('regenerate')
  @HttpCode(200)
  @WithUser()
  regenerate(
    @CurrentUser() user: ActingUser | null,
    @Body(new ZodPipe(regenerateChatSchema)) body: RegenerateChat,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!user) throw notFound(body.documentId ? 'Document not found' : 'Thread not found');
    return this.responder.answer(request, reply, (live) => this.chat.regenerate(user.id, body, live));
  }

  /** The messages of a scope (`?documentId=`, `?projectId=`, or the shell panel's general chat), oldest first. */
  @Get()
  @WithUser()
  async list(@CurrentUser() user: ActingUser | null, @Query(new ZodPipe(chatScopeQuerySchema)) query: z.infer<typeof chatScopeQuerySchema>): Promise<ChatMessage[]> {
    if (!user) return [];
    return this.chat.list(user.id, query);
  }

  /** A document's chat messages, oldest first. */
  @Get(':documentId')
  @WithUser()
  async listDocument(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(documentParams)) params: z.infer<typeof documentParams>): Promise<ChatMessage[]> {
    if (!user) throw notFound('Document not found');
    return this.chat.list(user.id, { documentId: params.documentId });
  }
}
