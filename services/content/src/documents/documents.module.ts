import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/activities.module.js';
import { CollabModule } from '../collab/collab.module.js';
import { PeopleModule } from '../people/people.module.js';
import { SharesModule } from '../shares/shares.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { DocumentsInternalController } from './documents-internal.controller.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsService } from './documents.service.js';

@Module({
  imports: [ActivitiesModule, UsageModule, PeopleModule, SharesModule, CollabModule],
  controllers: [DocumentsController, DocumentsInternalController],
  providers: [DocumentsService],
  exports: [DocumentsService],
})
export class DocumentsModule {}
