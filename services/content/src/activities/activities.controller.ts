import { Controller, Get } from '@nestjs/common';
import { CurrentUser, WithUser, type ActingUser } from '@prd/kit';
import type { Activity } from '@prd/proto';
import { ActivitiesService } from './activities.service.js';

@Controller('api/activities')
export class ActivitiesController {
  constructor(private readonly activities: ActivitiesService) {}

  @Get()
  @WithUser()
  list(@CurrentUser() user: ActingUser | null): Promise<Activity[]> {
    return this.activities.list(user);
  }
}
