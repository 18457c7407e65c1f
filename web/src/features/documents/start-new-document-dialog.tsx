import { Button, Input, Modal } from 'antd';
import { useCallback, useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCreateDocumentMutation, useGetTemplatesQuery } from '../../shared/api/content-api';
import { openSignUp } from '../../shared/state/dialogs-slice';
import { errorMessage, opensDialog } from '../../shared/state/error-dialogs-middleware';
import { useAppDispatch } from '../../shared/state/hooks';
import { useCurrentUser } from '../../shared/user/use-current-user';
import { useToast } from '../../shared/toast/toast';
import { aiAssistedFlowPath, chooseTemplate, NO_TEMPLATE } from '../templates/choose-template';
import { SpaceSelect } from '../workspaces/space-select';
import { TemplateSelect, type TemplateChoice } from './template-select';
import dialog from '../../shared/ui/dialog.module.css';

interface Props {
  open: boolean;
  onClose: () => void;
  /**
   * The documents page's variant: it also asks for a title and can create the document at once
   * from the template's text, besides continuing to the AI-assisted flow.
   */
  createDirectly?: boolean;
  /** The space chosen when the dialog opens (a workspace's page passes its own); Personal otherwise. */
  workspaceId?: number | null;
}

/**
 * 'Start New Document' (docs/product.md §2): pick a template ('Default Template' uses the isDefault one, else
 * the first) and continue to its AI-assisted flow.
 */
export function StartNewDocumentDialog({ open, onClose, createDirectly = false, workspaceId: initialWorkspaceId = null }: Props) {
  const { data: templates = [], isLoading, error: templatesError } = useGetTemplatesQuery();
  const [createDocument, creating] = useCreateDocumentMutation();
  const [choice, setChoice] = useState<TemplateChoice>(NO_TEMPLATE);
  const [title, setTitle] = useState('');
  const [workspaceId, setWorkspaceId] = useState<number | null>(initialWorkspaceId);
  /** The location Continue navigated away from: the dialog reads 'Redirecting...' until the flow's page replaces it. */
  const [redirectingFrom, setRedirectingFrom] = useState<string | null>(null);
  const redirecting = redirectingFrom !== null;
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const { user } = useCurrentUser();
  const selectId = useId();
  const titleId = useId();

  const close = useCallback(() => {
    setChoice(NO_TEMPLATE);
    setTitle('');
    setWorkspaceId(initialWorkspaceId);
    setRedirectingFrom(null);
    onClose();
  }, [onClose, initialWorkspaceId]);

  // The router renders the next page in a transition (its code may still be loading): close once it is there.
  const arrived = redirectingFrom !== null && location.key !== redirectingFrom;
  useEffect(() => {
    if (arrived) close();
  }, [arrived, close]);

  const template = () => {
    if (templatesError) {
      toast.error('Error preparing document flow', errorMessage(templatesError, 'An error occurred. Please try again.'));
      return null;
    }
    const chosen = chooseTemplate(templates, choice);
    // docs/product.md §5: the Generate menu's dialog words it for someone who may not manage the templates.
    if (!chosen) toast.error('No templates available', createDirectly ? 'Please create templates first.' : 'Please create templates first or contact your administrator');
    return chosen;
  };

  const continueWithAi = () => {
    const chosen = template();
    if (!chosen) return;
    setRedirectingFrom(location.key);
    void navigate(aiAssistedFlowPath(chosen.id, workspaceId));
  };

  const createNow = async () => {
    const chosen = template();
    if (!chosen) return;
    try {
      await createDocument({ title: title.trim(), content: chosen.content, ...(workspaceId === null ? {} : { workspaceId }) }).unwrap();
      toast.success('Document created', 'Your document has been created from the template.');
      close();
      // A visitor's first document made them a guest: invite them to keep it (docs/product.md §2).
      if (!user) dispatch(openSignUp({ reason: 'first-document' }));
    } catch (error) {
      if (!opensDialog(error)) toast.error('Error', errorMessage(error));
    }
  };

  const footer = [
    <Button key="cancel" onClick={close}>
      Cancel
    </Button>,
    <Button key="continue" type={createDirectly ? 'default' : 'primary'} onClick={continueWithAi} disabled={redirecting || isLoading}>
      {redirecting ? 'Redirecting...' : createDirectly ? 'Continue with AI' : 'Continue'}
    </Button>,
  ];
  if (createDirectly) {
    footer.push(
      <Button key="create" type="primary" onClick={() => void createNow()} disabled={!title.trim() || isLoading} loading={creating.isLoading}>
        {creating.isLoading ? 'Creating...' : 'Create Document'}
      </Button>,
    );
  }

  return (
    <Modal open={open} onCancel={close} title={createDirectly ? 'New Document' : 'Start New Document'} footer={footer} destroyOnHidden>
      {createDirectly && (
        <div className={dialog.field}>
          <label htmlFor={titleId}>Document Title</label>
          <Input id={titleId} value={title} onChange={(event) => setTitle(event.target.value)} placeholder="e.g. Checkout redesign PRD" />
        </div>
      )}
      <div className={dialog.field}>
        <label htmlFor={selectId}>Template</label>
        <TemplateSelect id={selectId} templates={templates} value={choice} onChange={setChoice} loading={isLoading} />
      </div>
      <SpaceSelect value={workspaceId} onChange={setWorkspaceId} className={dialog.field} />
    </Modal>
  );
}
