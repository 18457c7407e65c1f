import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CurrentUser, WithUser, ZodPipe, notFound, type ActingUser } from '@prd/kit';
import { chatDocumentParamsSchema as documentParams, chatScopeQuerySchema, postChatSchema, type ChatMessage, type ChatReply, type PostChat } from '@prd/proto';
import type { z } from 'zod';
import { ChatService } from './chat.service.js';

@Controller('api/chat')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  /** One message and its AI reply: general (mode, thread), document, project or shell panel. */
  @Post()
  @HttpCode(200)
  @WithUser({ provisionGuest: postChatSchema })
  send(@CurrentUser() user: ActingUser, @Body(new ZodPipe(postChatSchema)) body: PostChat): Promise<ChatReply> {
    return this.chat.send(user.id, body);
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
