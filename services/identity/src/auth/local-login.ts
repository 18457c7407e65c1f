import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import passport from 'passport';
import { Strategy } from 'passport-local';
import type { UserRow } from '../users/users.service.js';
import { AuthService } from './auth.service.js';

type Middleware = (request: FastifyRequest, reply: FastifyReply, next: (err?: unknown) => void) => void;

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/**
 * passport-local on this service's own passport: `username` may be a username or an email. passport's default instance
 * is one per process (as @nestjs/passport's strategies use it), where the identity started last checked the log-ins of
 * every one: the suites run several replicas in one process, and one whose start was refused still answered the others'.
 */
@Injectable()
export class LocalLogin {
  private readonly passport = new passport.Authenticator();

  constructor(auth: AuthService) {
    this.passport.use(
      new Strategy({ usernameField: 'username', passwordField: 'password' }, (username, password, done) => {
        auth.verifyCredentials(username, password).then((user) => done(null, user ?? false), done);
      }),
    );
  }

  /** The user the request's credentials name, or null when they are wrong. */
  userOf(request: FastifyRequest, reply: FastifyReply): Promise<UserRow | null> {
    return new Promise((resolve, reject) => {
      const authenticate = this.passport.authenticate('local', { session: false }, (err: unknown, user: UserRow | false) =>
        err ? reject(asError(err)) : resolve(user || null),
      ) as Middleware;
      authenticate(request, reply, (err) => (err ? reject(asError(err)) : resolve(null)));
    });
  }
}
