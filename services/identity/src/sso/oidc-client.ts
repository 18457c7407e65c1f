import { Inject, Injectable } from '@nestjs/common';
import * as client from 'openid-client';
import { CONFIG } from '@prd/kit';
import type { Config } from '../config.js';
import { SsoFailure } from './sso-failure.js';

/** What one sign-in attempt must find again on the way back: kept server-side (sso-store.ts), never in the URL. */
export interface SsoTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  callbackUrl: string | null;
}

/** The claims sign-on decides with, from the validated ID token (and the userinfo endpoint when the token leaves them out). */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  /** The provider's `email_verified`; null when it says nothing (some providers never do). */
  emailVerified: boolean | null;
  name: string | null;
  preferredUsername: string | null;
}

/** How long a provider may take to answer discovery or the token request. */
const PROVIDER_TIMEOUT_SECONDS = 10;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** `email_verified` as a boolean; a few providers send it as a string. */
function verified(value: unknown): boolean | null {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
}

/**
 * openid-client (docs/decisions/0036-single-sign-on-openid-connect.md): the authorization code flow with PKCE, `state` and `nonce`,
 * the ID token validated by the library. The provider's metadata is discovered on first use and kept; a failed discovery is
 * retried on the next sign-in, so a provider that was down at start-up needs no restart.
 */
@Injectable()
export class OidcClient {
  private discovered: Promise<client.Configuration> | null = null;

  constructor(@Inject(CONFIG) private readonly config: Config) {}

  get enabled(): boolean {
    return this.config.OIDC_ISSUER !== undefined;
  }

  /** The provider's authorization URL for a new attempt, and what its callback must match. */
  async begin(redirectUri: string, callbackUrl: string | null): Promise<{ url: URL; transaction: SsoTransaction }> {
    const configuration = await this.configuration();
    const transaction: SsoTransaction = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      redirectUri,
      callbackUrl,
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state: transaction.state,
      nonce: transaction.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, transaction };
  }

  /** Exchanges the callback's code (state, PKCE and nonce checked, the ID token validated) for the user's identity. */
  async finish(callback: URL, transaction: SsoTransaction): Promise<SsoIdentity> {
    const configuration = await this.configuration();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      throw classify(err);
    }
    const claims = tokens.claims()!;
    let profile: Record<string, unknown> = claims;
    if (text(claims.email) === null && configuration.serverMetadata().userinfo_endpoint) {
      try {
        profile = { ...(await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
      } catch (err) {
        throw classify(err);
      }
    }
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: text(profile.email)?.toLowerCase() ?? null,
      emailVerified: verified(profile.email_verified),
      name: text(profile.name),
      preferredUsername: text(profile.preferred_username),
    };
  }

  private configuration(): Promise<client.Configuration> {
    if (!this.enabled) return Promise.reject(new SsoFailure('not_configured', 'OIDC_ISSUER is not set'));
    this.discovered ??= this.discover().catch((err: unknown) => {
      this.discovered = null;
      throw err;
    });
    return this.discovered;
  }

  private async discover(): Promise<client.Configuration> {
    const issuer = new URL(this.config.OIDC_ISSUER!);
    try {
      return await client.discovery(issuer, this.config.OIDC_CLIENT_ID!, undefined, client.ClientSecretPost(this.config.OIDC_CLIENT_SECRET), {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // Plain http is refused in production by the configuration (config.ts); elsewhere it is a local provider.
        ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      });
    } catch (err) {
      throw new SsoFailure('unavailable', `OpenID provider discovery at ${issuer.href} failed: ${(err as Error).message}`, { cause: err });
    }
  }
}

/** The provider's refusals (an error in the callback, a code it no longer accepts), checks that failed, and a provider that did not answer. */
function classify(err: unknown): SsoFailure {
  if (err instanceof SsoFailure) return err;
  const message = (err as Error).message;
  if (err instanceof client.AuthorizationResponseError) return new SsoFailure('denied', `the provider refused: ${err.error} ${err.error_description ?? ''}`.trim(), { cause: err });
  if (err instanceof client.ResponseBodyError) return new SsoFailure('rejected', `the token endpoint refused: ${err.error} ${err.error_description ?? ''}`.trim(), { cause: err });
  if (err instanceof client.ClientError) return new SsoFailure('rejected', `the provider's answer failed a check: ${message}`, { cause: err });
  return new SsoFailure('unavailable', `the provider could not be reached: ${message}`, { cause: err });
}
