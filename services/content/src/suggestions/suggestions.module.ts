import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/activities.module.js';
import { CollabModule } from '../collab/collab.module.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { PeopleModule } from '../people/people.module.js';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { SuggestionsController, SuggestionsInternalController } from './suggestions.controller.js';
import { SuggestionsService } from './suggestions.service.js';

@Module({
  imports: [DocumentsModule, ActivitiesModule, PeopleModule, CollabModule, RateLimitsModule],
  controllers: [SuggestionsController, SuggestionsInternalController],
  providers: [SuggestionsService],
  exports: [SuggestionsService],
})
export class SuggestionsModule {}
