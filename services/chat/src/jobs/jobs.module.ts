import { Global, Module } from '@nestjs/common';
import { AiJobsService } from './ai-jobs.service.js';
import { ReplyCap } from './reply-cap.js';

@Global()
@Module({ providers: [AiJobsService, ReplyCap], exports: [AiJobsService, ReplyCap] })
export class JobsModule {}
