import { Controller, Get } from '@nestjs/common';
import { notFound, Public } from '@prd/kit';
import type { DemoAccount } from '@prd/proto';
import { DemoAccountService } from './demo-account.service.js';

@Controller('api/demo-account')
export class DemoAccountController {
  constructor(private readonly demo: DemoAccountService) {}

  @Get()
  @Public()
  get(): DemoAccount {
    const credentials = this.demo.credentials();
    if (!credentials) throw notFound('The demo account is not enabled');
    return credentials;
  }
}
