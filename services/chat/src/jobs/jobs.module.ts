import { Global, Module } from '@nestjs/common';
import { AiJobsService } from './ai-jobs.service.js';
import { JobOutcomes } from './job-outcomes.service.js';
import { ReplyCap } from './reply-cap.js';

@Global()
@Module({ providers: [AiJobsService, JobOutcomes, ReplyCap], exports: [AiJobsService, JobOutcomes, ReplyCap] })
export class JobsModule {}
