import { Module } from '@nestjs/common';
import { PeopleModule } from '../people/people.module.js';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { CommentsController, DocumentCommentsController, DocumentPeopleController } from './comments.controller.js';
import { CommentsService } from './comments.service.js';

@Module({
  imports: [PeopleModule, RateLimitsModule],
  controllers: [DocumentCommentsController, DocumentPeopleController, CommentsController],
  providers: [CommentsService],
  exports: [CommentsService],
})
export class CommentsModule {}
