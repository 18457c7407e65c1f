import { Module } from '@nestjs/common';
import { CurrentUserController } from './current-user.controller.js';

@Module({ controllers: [CurrentUserController] })
export class CurrentUserModule {}
