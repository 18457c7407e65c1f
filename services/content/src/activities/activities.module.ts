import { Module } from '@nestjs/common';
import { PeopleModule } from '../people/people.module.js';
import { ActivitiesController } from './activities.controller.js';
import { ActivitiesService } from './activities.service.js';

@Module({ imports: [PeopleModule], controllers: [ActivitiesController], providers: [ActivitiesService], exports: [ActivitiesService] })
export class ActivitiesModule {}
