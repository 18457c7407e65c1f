import { Module } from '@nestjs/common';
import { ThreadsController } from './threads.controller.js';
import { ThreadsService } from './threads.service.js';
import { MessagesRepository } from '../messages/messages.repository.js';

@Module({ controllers: [ThreadsController], providers: [ThreadsService, MessagesRepository], exports: [ThreadsService] })
export class ThreadsModule {}
