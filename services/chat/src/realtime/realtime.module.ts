import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway.js';
import { SessionTokenController } from './session-token.controller.js';
import { VoiceTokensService } from './voice-tokens.service.js';
import { ChatModule } from '../chat/chat.module.js';

@Module({ imports: [ChatModule], controllers: [SessionTokenController], providers: [RealtimeGateway, VoiceTokensService] })
export class RealtimeModule {}
