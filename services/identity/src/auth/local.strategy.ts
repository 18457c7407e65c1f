import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import type { UserRow } from '../users/users.service.js';
import { AuthService } from './auth.service.js';

/** passport-local (docs/decisions/0000-toolchain-node-24.md): `username` may be a username or an email. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'username', passwordField: 'password' });
  }

  validate(username: string, password: string): Promise<UserRow | null> {
    return this.auth.verifyCredentials(username, password);
  }
}
