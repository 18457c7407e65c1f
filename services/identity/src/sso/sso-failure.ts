import type { SsoErrorCode } from '@prd/proto';

/** A sign-on that cannot go on: the browser lands on `/auth?sso_error=<code>` with the code's message (docs/decisions/0036-single-sign-on-openid-connect.md). */
export class SsoFailure extends Error {
  constructor(
    readonly code: SsoErrorCode,
    /** What the log line says; never shown to the user. */
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
    this.name = 'SsoFailure';
  }
}
