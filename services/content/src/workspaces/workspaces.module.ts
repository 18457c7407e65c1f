import { Module } from '@nestjs/common';
import { PeopleModule } from '../people/people.module.js';
import { SharesModule } from '../shares/shares.module.js';
import { InvitesController, WorkspacesController, WorkspacesInternalController } from './workspaces.controller.js';
import { WorkspacesService } from './workspaces.service.js';

@Module({
  imports: [PeopleModule, SharesModule],
  controllers: [WorkspacesController, InvitesController, WorkspacesInternalController],
  providers: [WorkspacesService],
  exports: [WorkspacesService],
})
export class WorkspacesModule {}
