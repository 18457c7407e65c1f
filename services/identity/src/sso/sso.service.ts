import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { CONFIG, DB, LOGGER, notFound, unauthorized, type Database } from '@prd/kit';
import { ContentClient, SSO_MESSAGES } from '@prd/proto';
import type { Logger } from 'pino';
import * as tables from '../db/schema.js';
import type { Config } from '../config.js';
import { AuthService } from '../auth/auth.service.js';
import { UsersService, type UserRow } from '../users/users.service.js';
import type { SsoIdentity } from './oidc-client.js';
import { SsoFailure } from './sso-failure.js';
import { SsoStore } from './sso-store.js';
import { baseUsername, usernameCandidates } from './sso-username.js';

const UNIQUE_VIOLATION = '23505';
const NUMBERED_TRIES = 20;

/** Where a validated sign-on leads: signed in, or to the form that confirms a link with the existing account's password. */
export type SsoOutcome = { kind: 'signed-in'; user: UserRow } | { kind: 'confirm-link'; pendingId: string };

/** A username another sign-up took between the check and the insert. */
const isUsernameTaken = (err: unknown): boolean => {
  const pg = (err as { cause?: { code?: string; constraint?: string } }).cause ?? (err as { code?: string; constraint?: string });
  return pg?.code === UNIQUE_VIOLATION && pg.constraint === 'users_username_lower_idx';
};

/**
 * Who a validated OpenID Connect identity is here (docs/decisions/0036-single-sign-on-openid-connect.md): the user linked to its
 * (issuer, subject); else, when a registered account has the same email, that account once its password confirms the link
 * (only for an email the provider verified); else a new user, created just in time. OIDC_ALLOWED_DOMAINS is checked first.
 */
@Injectable()
export class SsoService {
  private readonly content: ContentClient;

  constructor(
    @Inject(DB) private readonly db: Database<typeof tables>,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly store: SsoStore,
  ) {
    this.content = new ContentClient({ baseUrl: config.CONTENT_URL, token: config.INTERNAL_TOKEN });
  }

  async resolve(identity: SsoIdentity, callbackUrl: string | null): Promise<SsoOutcome> {
    this.checkDomain(identity);
    const l = tables.oidcLinks;
    const [link] = await this.db
      .select()
      .from(l)
      .where(and(eq(l.issuer, identity.issuer), eq(l.subject, identity.subject)));
    if (link) {
      const user = await this.users.findActive(link.userId);
      if (!user) throw new SsoFailure('account_unavailable', `linked user ${link.userId} no longer exists`);
      return { kind: 'signed-in', user };
    }
    const existing = identity.email === null ? null : await this.users.findByEmail(identity.email);
    if (existing) {
      if (identity.emailVerified !== true) throw new SsoFailure('email_unverified', `user ${existing.id} has the unverified email of subject ${identity.subject}`);
      const pendingId = await this.store.savePendingLink({ issuer: identity.issuer, subject: identity.subject, userId: existing.id, email: identity.email!, callbackUrl });
      return { kind: 'confirm-link', pendingId };
    }
    const user = await this.createUser(identity);
    this.logger.info({ userId: user.id, issuer: identity.issuer }, 'sign-on created a user');
    await this.joinConfiguredWorkspace(user.id);
    return { kind: 'signed-in', user };
  }

  /** OIDC_WORKSPACE: a new user joins it; a failure is logged and the sign-in goes on (an admin can still invite them). */
  private async joinConfiguredWorkspace(userId: number): Promise<void> {
    const workspaceId = this.config.OIDC_WORKSPACE;
    if (workspaceId === undefined) return;
    try {
      await this.content.addWorkspaceMember(workspaceId, userId);
    } catch (err) {
      this.logger.error({ err, userId, workspaceId }, 'sign-on could not add the new user to OIDC_WORKSPACE');
    }
  }

  /** The pending link's account, when the cookie names one that is still waiting. */
  async pendingLink(pendingId: string | undefined): Promise<{ email: string; callbackUrl: string | null } | null> {
    const pending = pendingId ? await this.store.pendingLink(pendingId) : null;
    return pending ? { email: pending.email, callbackUrl: pending.callbackUrl } : null;
  }

  /**
   * Links the identity to the existing account once its password is right, and signs the account in. The password goes
   * through the log-in path's throttles, so the form is no way round them.
   */
  async confirmLink(pendingId: string | undefined, password: string, request: FastifyRequest): Promise<{ user: UserRow; callbackUrl: string | null }> {
    const pending = pendingId ? await this.store.pendingLink(pendingId) : null;
    if (!pendingId || !pending) throw notFound(SSO_MESSAGES.noPendingLink);
    const user = await this.users.findActive(pending.userId);
    if (!user || user.email?.toLowerCase() !== pending.email) {
      await this.store.dropPendingLink(pendingId);
      throw notFound(SSO_MESSAGES.noPendingLink);
    }
    await this.auth.countLoginAttempt(request.ip);
    const confirmed = await this.auth.verifyCredentials(user.username ?? pending.email, password);
    if (confirmed?.id !== user.id) throw unauthorized(SSO_MESSAGES.wrongPassword);
    if (!(await this.store.dropPendingLink(pendingId))) throw notFound(SSO_MESSAGES.noPendingLink);
    await this.db.insert(tables.oidcLinks).values({ issuer: pending.issuer, subject: pending.subject, userId: user.id }).onConflictDoNothing();
    this.logger.info({ userId: user.id, issuer: pending.issuer }, 'sign-on linked to an existing account');
    await this.auth.logIn(request, user);
    return { user, callbackUrl: pending.callbackUrl };
  }

  /** OIDC_ALLOWED_DOMAINS: the email's domain must be one of them, and the provider must not say the email is unverified. */
  private checkDomain(identity: SsoIdentity): void {
    const allowed = this.config.OIDC_ALLOWED_DOMAINS;
    if (allowed.length === 0) return;
    const domain = identity.email?.split('@').pop() ?? null;
    if (domain === null || !allowed.includes(domain))
      throw new SsoFailure('domain_not_allowed', `email domain ${domain ?? '(none)'} of subject ${identity.subject} is not allowed`);
    if (identity.emailVerified === false) throw new SsoFailure('domain_unverified', `subject ${identity.subject}'s email is unverified`);
  }

  /**
   * A registered user without a password (they sign in through the provider), with a unique username derived from the
   * identity, and its link, in one transaction. Only a verified email is kept: an unverified one could claim someone's address.
   */
  private async createUser(identity: SsoIdentity): Promise<UserRow> {
    const base = baseUsername(identity.preferredUsername, identity.email);
    const email = identity.emailVerified === true ? identity.email : null;
    const candidates = [...usernameCandidates(base, NUMBERED_TRIES), `${base}-${randomBytes(3).toString('hex')}`];
    for (const username of candidates) {
      if (await this.users.usernameTaken(username)) continue;
      try {
        return await this.db.transaction(async (tx) => {
          const [user] = await tx.insert(tables.users).values({ username, email, name: identity.name, passwordHash: null, isGuest: false }).returning();
          await tx.insert(tables.oidcLinks).values({ issuer: identity.issuer, subject: identity.subject, userId: user!.id });
          return user!;
        });
      } catch (err) {
        if (!isUsernameTaken(err)) throw err;
      }
    }
    throw new SsoFailure('account_unavailable', `no free username from ${base}`);
  }
}
