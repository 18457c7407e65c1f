import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { InternalCallers, InternalGuard, ZodPipe } from '@prd/kit';
import { consumeUsageSchema, type ConsumeUsage, type Usage } from '@prd/proto';
import { UsageService } from '../usage/usage.service.js';

/** docs/decisions/0003-internal-calls.md, docs/decisions/0005-users-guests-and-limits.md: content and chat spend a user's monthly allowance here, atomically. */
@Controller('internal/usage')
@UseGuards(InternalGuard)
@InternalCallers('content', 'chat', 'chat-worker')
export class InternalUsageController {
  constructor(private readonly usage: UsageService) {}

  @Post('consume')
  @HttpCode(200)
  async consume(@Body(new ZodPipe(consumeUsageSchema)) body: ConsumeUsage): Promise<{ usage: Usage }> {
    return { usage: await this.usage.consume(body.userId, body.kind, body.count) };
  }

  @Post('refund')
  @HttpCode(200)
  async refund(@Body(new ZodPipe(consumeUsageSchema)) body: ConsumeUsage): Promise<{ usage: Usage }> {
    return { usage: await this.usage.refund(body.userId, body.kind, body.count) };
  }
}
