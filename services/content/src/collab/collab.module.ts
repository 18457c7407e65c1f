import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/activities.module.js';
import { PeopleModule } from '../people/people.module.js';
import { CollabStore } from './collab-store.js';
import { CollabServer } from './collab.server.js';

/** Live co-editing (docs/decisions/0022-co-editing-with-hocuspocus.md): the Hocuspocus endpoint and the live documents' storage. */
@Module({
  imports: [ActivitiesModule, PeopleModule],
  providers: [CollabStore, CollabServer],
  exports: [CollabServer],
})
export class CollabModule {}
