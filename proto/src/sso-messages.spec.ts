import { describe, expect, it } from '@jest/globals';
import { SSO_ERRORS, ssoErrorMessage } from './sso-messages.js';

describe('the message of /auth?sso_error=<code>', () => {
  it('is the code’s own message', () => {
    expect(ssoErrorMessage('state_mismatch')).toBe(SSO_ERRORS.state_mismatch);
  });

  it('is nothing for a missing code or one that is not ours, inherited names included', () => {
    for (const code of [null, '', 'nope', 'toString', '__proto__', 'constructor']) expect(ssoErrorMessage(code)).toBeNull();
  });
});
