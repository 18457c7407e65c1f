import { Module } from '@nestjs/common';
import { DocumentFlowController } from './document-flow.controller.js';
import { DocumentFlowService } from './document-flow.service.js';
import { FlowsRepository } from './flows.repository.js';

@Module({ controllers: [DocumentFlowController], providers: [DocumentFlowService, FlowsRepository] })
export class DocumentFlowModule {}
