import { Module } from '@nestjs/common';
import { PeopleModule } from '../people/people.module.js';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { RevocationsService } from './revocations.service.js';
import { DocumentSharesController, ProjectSharesController } from './shares.controller.js';
import { SharesService } from './shares.service.js';

@Module({
  imports: [PeopleModule, RateLimitsModule],
  controllers: [DocumentSharesController, ProjectSharesController],
  providers: [SharesService, RevocationsService],
  exports: [RevocationsService],
})
export class SharesModule {}
