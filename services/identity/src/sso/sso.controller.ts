import { Body, Controller, Get, HttpCode, Inject, Post, Query, Redirect, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { CONFIG, LOGGER, notFound, Public, ZodPipe } from '@prd/kit';
import { SSO_ERROR_PARAM, SSO_LINK_PAGE, SSO_MESSAGES, SSO_PATHS, ssoLinkSchema, type CurrentUser, type SsoConfig, type SsoLinkRequest, type SsoPendingLink } from '@prd/proto';
import type { Config } from '../config.js';
import { AuthService } from '../auth/auth.service.js';
import { safeCallbackUrl } from '../auth/callback-url.js';
import { toCurrentUser } from '../users/users.service.js';
import { OidcClient } from './oidc-client.js';
import { SsoFailure } from './sso-failure.js';
import { SSO_STATE_TTL_SECONDS, SsoStore } from './sso-store.js';
import { SsoService } from './sso.service.js';

/** The HttpOnly cookie naming the attempt's state in Redis (sso-store.ts); only the sign-on routes ever see it. */
const SSO_COOKIE = 'prd.sso';

/**
 * Single sign-on with OpenID Connect (docs/decisions/0036-single-sign-on-openid-connect.md): open to anyone, like log-in. Every
 * failure redirects to `/auth?sso_error=<code>` with a log line, never an error page of ours.
 */
@Controller('api/auth/oidc')
@Public()
export class SsoController {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly oidc: OidcClient,
    private readonly sso: SsoService,
    private readonly store: SsoStore,
    private readonly auth: AuthService,
  ) {}

  /** The auth screen shows "Continue with {name}" only when sign-on is configured. */
  @Get()
  settings(): SsoConfig {
    return { name: this.oidc.enabled ? this.config.OIDC_NAME : null };
  }

  @Get('start')
  @Redirect('/auth', 302)
  async start(@Query('callbackUrl') callbackUrl: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ url: string }> {
    try {
      const { url, transaction } = await this.oidc.begin(`${request.protocol}://${request.host}${SSO_PATHS.callback}`, safeCallbackUrl(callbackUrl));
      this.setCookie(reply, await this.store.saveTransaction(transaction));
      return { url: url.href };
    } catch (err) {
      return this.failed(err, request);
    }
  }

  /** The provider's answer: checked against the attempt the cookie names, which is used up whatever the outcome. */
  @Get('callback')
  @Redirect('/', 302)
  async callback(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ url: string }> {
    try {
      const id = this.cookie(request);
      const transaction = id ? await this.store.takeTransaction(id) : null;
      void reply.clearCookie(SSO_COOKIE, { path: SSO_PATHS.config });
      if (!transaction) throw new SsoFailure('expired', 'no sign-on attempt matches this callback (expired, used, or another browser)');
      const query = new URL(request.url, 'http://callback.invalid').search;
      const returned = new URLSearchParams(query).getAll('state');
      if (returned.length !== 1 || returned[0] !== transaction.state) throw new SsoFailure('state_mismatch', 'the callback state is not the attempt’s');
      const callback = new URL(transaction.redirectUri);
      callback.search = query;
      const identity = await this.oidc.finish(callback, transaction);
      const outcome = await this.sso.resolve(identity, transaction.callbackUrl);
      if (outcome.kind === 'confirm-link') {
        this.setCookie(reply, outcome.pendingId);
        return { url: SSO_LINK_PAGE };
      }
      await this.auth.logIn(request, outcome.user);
      return { url: transaction.callbackUrl ?? '/' };
    } catch (err) {
      return this.failed(err, request);
    }
  }

  /** What the confirm page shows: the existing account's email. */
  @Get('link')
  async pendingLink(@Req() request: FastifyRequest): Promise<SsoPendingLink> {
    const pending = await this.sso.pendingLink(this.cookie(request));
    if (!pending) throw notFound(SSO_MESSAGES.noPendingLink);
    return { email: pending.email, provider: this.config.OIDC_NAME, callbackUrl: pending.callbackUrl ?? '/' };
  }

  @Post('link')
  @HttpCode(200)
  async confirmLink(@Body(new ZodPipe(ssoLinkSchema)) body: SsoLinkRequest, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<CurrentUser> {
    const { user } = await this.sso.confirmLink(this.cookie(request), body.password, request);
    void reply.clearCookie(SSO_COOKIE, { path: SSO_PATHS.config });
    return toCurrentUser(user);
  }

  private cookie(request: FastifyRequest): string | undefined {
    const value = request.cookies[SSO_COOKIE];
    return value && value.length <= 100 ? value : undefined;
  }

  /** Lax, so the browser sends it on the provider's top-level redirect back; scoped to the sign-on routes. */
  private setCookie(reply: FastifyReply, id: string): void {
    const secure = this.config.COOKIE_SECURE === 'auto' ? 'auto' : this.config.COOKIE_SECURE === 'true';
    void reply.setCookie(SSO_COOKIE, id, { path: SSO_PATHS.config, httpOnly: true, sameSite: 'lax', secure, maxAge: SSO_STATE_TTL_SECONDS });
  }

  private failed(err: unknown, request: FastifyRequest): { url: string } {
    const failure = err instanceof SsoFailure ? err : new SsoFailure('failed', (err as Error).message, { cause: err });
    const log = { code: failure.code, reason: failure.message, err: failure.cause, requestId: request.id };
    if (failure.code === 'unavailable' || failure.code === 'failed') this.logger.error(log, 'single sign-on failed');
    else this.logger.warn(log, 'single sign-on refused');
    return { url: `/auth?${SSO_ERROR_PARAM}=${failure.code}` };
  }
}
