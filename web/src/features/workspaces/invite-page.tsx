import { Button } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useToast } from '../../shared/toast/toast';
import { EmptyState } from '../../shared/ui/empty-state';
import { LoadingState } from '../../shared/ui/loading-state';
import { Page } from '../../shared/ui/page';
import { PageHeader } from '../../shared/ui/page-header';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { isRegistered, useCurrentUser } from '../../shared/user/use-current-user';
import buttonLink from '../../shared/ui/button-link.module.css';
import { useAcceptInviteMutation, useGetInviteQuery } from './workspaces-api';

/**
 * An invite link's page `/invite/{token}` (docs/decisions/0037-workspaces.md): whose workspace it is; a registered user joins,
 * a guest or visitor is asked to register or log in first and is brought back to this same link.
 */
export function InvitePage() {
  const token = useParams().token ?? '';
  usePageTitle('Join a workspace');
  const { data: invite, isLoading, isError } = useGetInviteQuery(token);
  const { user, isLoading: userLoading } = useCurrentUser();
  const [accept, accepting] = useAcceptInviteMutation();
  const navigate = useNavigate();
  const toast = useToast();
  if (isLoading || userLoading) return <LoadingState text="Loading invite..." visible />;
  if (isError || !invite)
    return (
      <Page>
        <EmptyState>
          <h2>This invite link is not valid or has expired</h2>
          <p>Ask a workspace admin for a new link.</p>
        </EmptyState>
      </Page>
    );
  const join = async () => {
    try {
      const workspace = await accept(token).unwrap();
      void navigate(`/workspaces/${workspace.id}`);
    } catch (error) {
      toast.error('Could not join', errorMessage(error));
    }
  };
  const back = encodeURIComponent(`/invite/${token}`);
  return (
    <Page>
      <PageHeader title={`Join ${invite.workspace.name}`} description={`${invite.inviter.name} invited you to this workspace.`} />
      {isRegistered(user) ? (
        <Button type="primary" loading={accepting.isLoading} onClick={() => void join()}>
          Join workspace
        </Button>
      ) : (
        <p>
          Workspaces are for registered users:{' '}
          <Link to={`/auth?callbackUrl=${back}`} className={buttonLink.primary}>
            register or log in
          </Link>
          , then come back to this same link to join.
        </p>
      )}
    </Page>
  );
}
