import { Module } from '@nestjs/common';
import { ActivitiesController } from './activities.controller.js';
import { ActivitiesService } from './activities.service.js';

@Module({ controllers: [ActivitiesController], providers: [ActivitiesService], exports: [ActivitiesService] })
export class ActivitiesModule {}
