import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { FirstScreenController } from './first-screen.controller.js';

@Module({ imports: [DocumentsModule], controllers: [FirstScreenController] })
export class FirstScreenModule {}
