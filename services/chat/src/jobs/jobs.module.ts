import { Global, Module } from '@nestjs/common';
import { AiJobsService } from './ai-jobs.service.js';

@Global()
@Module({ providers: [AiJobsService], exports: [AiJobsService] })
export class JobsModule {}
