import { Module } from '@nestjs/common';
import { ChatController } from './chat.controller.js';
import { ChatService } from './chat.service.js';
import { MessagesRepository } from '../messages/messages.repository.js';
import { ThreadsModule } from '../threads/threads.module.js';

@Module({ imports: [ThreadsModule], controllers: [ChatController], providers: [ChatService, MessagesRepository], exports: [ChatService] })
export class ChatModule {}
