import { Module } from '@nestjs/common';
import { CatalogueLoader } from './catalogue-loader.js';
import { TemplatesController, TemplatesInternalController } from './templates.controller.js';
import { TemplatesService } from './templates.service.js';

@Module({ controllers: [TemplatesController, TemplatesInternalController], providers: [TemplatesService, CatalogueLoader] })
export class TemplatesModule {}
