import { Button, Divider } from 'antd';
import { SSO_PATHS } from '@prd/proto/sso-messages';
import { useGetSsoConfigQuery } from '../../shared/api/identity-api';

/**
 * "Continue with {OIDC_NAME}" (docs/decisions/0036-single-sign-on-openid-connect.md): only when the server has sign-on configured.
 * A plain link, not a call: the browser itself goes to the provider and back.
 */
export function SsoButton({ callbackPath }: { callbackPath: string }) {
  const { data } = useGetSsoConfigQuery();
  if (!data?.name) return null;
  return (
    <>
      <Button block href={`${SSO_PATHS.start}?callbackUrl=${encodeURIComponent(callbackPath)}`}>
        Continue with {data.name}
      </Button>
      <Divider plain>or</Divider>
    </>
  );
}
