import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, WithUser, ZodPipe, notFound, type ActingUser } from '@prd/kit';
import { documentFlowMessageSchema, documentFlowStartSchema, type DocumentFlowMessage, type DocumentFlowStart } from '@prd/proto';
import { ReplyResponder } from '../streaming/reply-responder.js';
import { DocumentFlowService } from './document-flow.service.js';

/** The flow's calls answer JSON, or Server-Sent Events when asked (docs/decisions/0014-streaming-replies.md). */
@Controller('api/document-flow')
export class DocumentFlowController {
  constructor(
    private readonly flows: DocumentFlowService,
    private readonly responder: ReplyResponder,
  ) {}

  @Post('start')
  @HttpCode(200)
  @WithUser({ provisionGuest: documentFlowStartSchema })
  start(
    @CurrentUser() user: ActingUser,
    @Body(new ZodPipe(documentFlowStartSchema)) body: DocumentFlowStart,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.responder.answer(request, reply, (live) => this.flows.start(user.id, body, live));
  }

  @Post('message')
  @HttpCode(200)
  @WithUser()
  message(
    @CurrentUser() user: ActingUser | null,
    @Body(new ZodPipe(documentFlowMessageSchema)) body: DocumentFlowMessage,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!user) throw notFound('Document not found');
    return this.responder.answer(request, reply, (live) => this.flows.message(user.id, body, live));
  }
}
