import { Module } from '@nestjs/common';
import { PeopleModule } from '../people/people.module.js';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { SharedDocumentController, ShareLinkController } from './share-links.controller.js';
import { ShareLinksService } from './share-links.service.js';

@Module({ imports: [PeopleModule, RateLimitsModule], controllers: [ShareLinkController, SharedDocumentController], providers: [ShareLinksService] })
export class ShareLinksModule {}
