import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/activities.module.js';
import { PeopleModule } from '../people/people.module.js';
import { SharesModule } from '../shares/shares.module.js';
import { ProjectsInternalController } from './projects-internal.controller.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsService } from './projects.service.js';

@Module({
  imports: [ActivitiesModule, PeopleModule, SharesModule],
  controllers: [ProjectsController, ProjectsInternalController],
  providers: [ProjectsService],
  exports: [ProjectsService],
})
export class ProjectsModule {}
