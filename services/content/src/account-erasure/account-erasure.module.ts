import { Module } from '@nestjs/common';
import { SharesModule } from '../shares/shares.module.js';
import { AccountErasureController } from './account-erasure.controller.js';
import { AccountErasureService } from './account-erasure.service.js';

@Module({ imports: [SharesModule], controllers: [AccountErasureController], providers: [AccountErasureService] })
export class AccountErasureModule {}
