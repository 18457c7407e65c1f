import { Module } from '@nestjs/common';
import { PushGateway } from './push.gateway.js';

@Module({ providers: [PushGateway], exports: [PushGateway] })
export class PushModule {}
