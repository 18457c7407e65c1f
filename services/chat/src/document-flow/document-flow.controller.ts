import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CurrentUser, WithUser, ZodPipe, notFound, type ActingUser } from '@prd/kit';
import { documentFlowMessageSchema, documentFlowStartSchema, type DocumentFlowMessage, type DocumentFlowStart } from '@prd/proto';
import { DocumentFlowService } from './document-flow.service.js';

@Controller('api/document-flow')
export class DocumentFlowController {
  constructor(private readonly flows: DocumentFlowService) {}

  @Post('start')
  @HttpCode(200)
  @WithUser({ provisionGuest: documentFlowStartSchema })
  start(@CurrentUser() user: ActingUser, @Body(new ZodPipe(documentFlowStartSchema)) body: DocumentFlowStart) {
    return this.flows.start(user.id, body);
  }

  @Post('message')
  @HttpCode(200)
  @WithUser()
  message(@CurrentUser() user: ActingUser | null, @Body(new ZodPipe(documentFlowMessageSchema)) body: DocumentFlowMessage) {
    if (!user) throw notFound('Document not found');
    return this.flows.message(user.id, body);
  }
}
