import { Module } from '@nestjs/common';
import { CommentsModule } from '../comments/comments.module.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { SuggestionsModule } from '../suggestions/suggestions.module.js';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { McpController } from './mcp.controller.js';

@Module({ imports: [DocumentsModule, ProjectsModule, CommentsModule, WorkspacesModule, SuggestionsModule], controllers: [McpController] })
export class McpModule {}
