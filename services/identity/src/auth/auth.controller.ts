import { Body, Controller, Get, HttpCode, Post, Query, Redirect, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, SessionService, ZodPipe } from '@prd/kit';
import { registerSchema, SIGN_UP_PATH, type CurrentUser, type RegisterRequest } from '@prd/proto';
import { toCurrentUser, type UserRow } from '../users/users.service.js';
import { AuthService } from './auth.service.js';
import { safeCallbackUrl } from './callback-url.js';
import { isOwnNavigation } from './own-navigation.js';
import { LoginGuard } from './login.guard.js';

type LoggedInRequest = FastifyRequest & { user: UserRow };

/** Signing up, in and out: open to anyone by nature. */
@Controller('api')
@Public()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
  ) {}

  /** Sign-up, both variants; the new user is logged in on a fresh session id. */
  @Post('register')
  async register(@Body(new ZodPipe(registerSchema)) body: RegisterRequest, @Req() request: FastifyRequest): Promise<CurrentUser> {
    return toCurrentUser(await this.auth.register(body, request));
  }

  /** Log-in by username or email; wrong credentials are 401 whether or not the user exists. */
  @Post('login')
  @HttpCode(200)
  @UseGuards(LoginGuard)
  async login(@Req() request: LoggedInRequest): Promise<CurrentUser> {
    await this.auth.logIn(request, request.user);
    return toCurrentUser(request.user);
  }

  /**
   * The Log out link (docs/product.md §2): ends the session and goes home, but only when the browser
   * navigates here from the product itself. An image in a document, a script's fetch or a link from
   * another site also lands here; they go home still logged in.
   */
  @Get('logout')
  @Redirect('/', 302)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    if (isOwnNavigation(request.headers)) await this.sessions.end(request, reply);
  }

  /** Log-out for scripts and the client: a state-changing call, so the kit's Origin check guards it. */
  @Post('logout')
  @HttpCode(204)
  async logoutByPost(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.sessions.end(request, reply);
  }

  /** Opens the email sign-up form, keeping a same-site callback target. */
  @Get('login/email')
  @Redirect(SIGN_UP_PATH, 302)
  loginWithEmail(@Query('callbackUrl') callbackUrl: unknown): { url: string } {
    const target = safeCallbackUrl(callbackUrl);
    return { url: target ? `${SIGN_UP_PATH}&callbackUrl=${encodeURIComponent(target)}` : SIGN_UP_PATH };
  }
}
