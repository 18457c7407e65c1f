import { Module, type DynamicModule } from '@nestjs/common';
import { KitModule } from '@prd/kit';
import type { Logger } from 'pino';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';
import * as tables from './db/schema.js';
import { AccountErasureModule } from './account-erasure/account-erasure.module.js';
import { ActivitiesModule } from './activities/activities.module.js';
import { CommentsModule } from './comments/comments.module.js';
import { DocumentsModule } from './documents/documents.module.js';
import { FirstScreenModule } from './first-screen/first-screen.module.js';
import { ImportModule } from './import/import.module.js';
import { McpModule } from './mcp/mcp.module.js';
import { ProjectsModule } from './projects/projects.module.js';
import { ShareLinksModule } from './share-links/share-links.module.js';
import { SharesModule } from './shares/shares.module.js';
import { SuggestionsModule } from './suggestions/suggestions.module.js';
import { TemplatesModule } from './templates/templates.module.js';
import { WorkspacesModule } from './workspaces/workspaces.module.js';

export const SERVICE = 'content';
const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

@Module({})
export class AppModule {
  static register(config: Config, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        KitModule.forRoot({ service: SERVICE, config, logger, tables, migrationsFolder }),
        TemplatesModule,
        DocumentsModule,
        FirstScreenModule,
        ImportModule,
        ProjectsModule,
        ActivitiesModule,
        SharesModule,
        ShareLinksModule,
        CommentsModule,
        SuggestionsModule,
        AccountErasureModule,
        McpModule,
        WorkspacesModule,
      ],
    };
  }
}
