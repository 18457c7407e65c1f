import { Body, Controller, Post } from '@nestjs/common';
import { CurrentUser, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import { feedbackSchema, type FeedbackAnswer } from '@prd/proto';
import type { z } from 'zod';
import { FeedbackService } from './feedback.service.js';

@Controller('api/feedback')
export class FeedbackController {
  constructor(private readonly feedback: FeedbackService) {}

  /** The widget is on every page; an anonymous visitor's feedback provisions a guest (docs/decisions/0005-users-guests-and-limits.md). */
  @Post()
  @WithUser({ provisionGuest: feedbackSchema })
  submit(@CurrentUser() user: ActingUser | null, @Body(new ZodPipe(feedbackSchema)) body: z.output<typeof feedbackSchema>): Promise<FeedbackAnswer> {
    return this.feedback.submit(user?.id ?? null, body.content, body.rating);
  }
}
