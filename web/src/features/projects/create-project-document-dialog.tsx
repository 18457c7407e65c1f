import { Button, Input, Modal, Tabs } from 'antd';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCreateDocumentMutation, useGetTemplatesQuery } from '../../shared/api/content-api';
import { errorMessage, opensDialog } from '../../shared/state/error-dialogs-middleware';
import { useToast } from '../../shared/toast/toast';
import { TemplateSelect, type TemplateChoice } from '../documents/template-select';
import { ImportButton } from '../import/import-button';
import { useImportDocuments } from '../import/use-import-documents';
import { aiAssistedFlowPath, chooseTemplate, NO_TEMPLATE } from '../templates/choose-template';
import dialog from '../../shared/ui/dialog.module.css';

type Tab = 'paste' | 'import' | 'generate';

/**
 * Create Document inside a project (docs/product.md §2): a title, then either pasted content (created here),
 * imported files (docs/decisions/0034-document-import.md; each file's name is its title) or a template to generate it with the AI-assisted flow.
 */
export function CreateProjectDocumentDialog({ projectId, open, onClose }: { projectId: number; open: boolean; onClose: () => void }) {
  const { data: templates = [], isLoading: templatesLoading } = useGetTemplatesQuery(undefined, { skip: !open });
  const [createDocument, { isLoading: creating }] = useCreateDocumentMutation();
  const [tab, setTab] = useState<Tab>('paste');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [choice, setChoice] = useState<TemplateChoice>(NO_TEMPLATE);
  const navigate = useNavigate();
  const toast = useToast();
  const titleId = useId();
  const contentId = useId();
  const templateId = useId();
  const imports = useImportDocuments();

  const close = () => {
    setTab('paste');
    setTitle('');
    setContent('');
    setChoice(NO_TEMPLATE);
    onClose();
  };

  const create = async () => {
    if (!title.trim()) return toast.error('Document title is required');
    if (!content.trim()) return toast.error('No content to upload');
    try {
      await createDocument({ title: title.trim(), content, projectId }).unwrap();
      toast.success('Document created', 'Document has been created and added to the project successfully');
      close();
    } catch (error) {
      if (!opensDialog(error)) toast.error('Error', errorMessage(error));
    }
  };

  /** The title field names the document of a one-file import; several files are titled by their names. */
  const importFiles = async (files: File[]) => {
    const named = files.length === 1 && title.trim() ? title.trim() : undefined;
    if (await imports.importFiles(files, { projectId, title: named })) close();
  };

  const generate = () => {
    const template = chooseTemplate(templates, choice);
    if (!template) return toast.error('No templates available', 'Please select a template to generate a document');
    void navigate(aiAssistedFlowPath(template.id));
    close();
  };

  const footer = [
    <Button key="cancel" onClick={close}>
      Cancel
    </Button>,
  ];
  if (tab === 'paste') {
    footer.push(
      <Button key="create" type="primary" onClick={() => void create()} disabled={!title.trim() || !content.trim()} loading={creating}>
        {creating ? 'Creating...' : 'Create Document'}
      </Button>,
    );
  }

  return (
    <Modal open={open} onCancel={close} title="Create Document" footer={footer} width={640} destroyOnHidden>
      <div className={dialog.field}>
        <label htmlFor={titleId}>Document Title</label>
        <Input id={titleId} value={title} onChange={(event) => setTitle(event.target.value)} />
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          {
            key: 'paste',
            label: 'Paste Content',
            children: (
              <div className={dialog.field}>
                <label htmlFor={contentId}>Content</label>
                <Input.TextArea id={contentId} value={content} onChange={(event) => setContent(event.target.value)} rows={10} placeholder="Paste your document's markdown here" />
              </div>
            ),
          },
          {
            key: 'import',
            label: 'Import Files',
            children: (
              <div className={dialog.field}>
                <p>
                  Markdown, text, Word, HTML or PDF files, or a zip of Markdown files (a Notion export): each becomes a document of this project, titled by its file name (or, for
                  one file, by the title above).
                </p>
                <ImportButton progress={imports.progress} onFiles={(files) => void importFiles(files)} label="Choose Files" type="primary" />
              </div>
            ),
          },
          {
            key: 'generate',
            label: 'Generate with AI',
            children: (
              <>
                <div className={dialog.field}>
                  <label htmlFor={templateId}>Template</label>
                  <TemplateSelect id={templateId} templates={templates} value={choice} onChange={setChoice} loading={templatesLoading} />
                </div>
                <Button type="primary" onClick={generate} disabled={templatesLoading}>
                  Generate with AI
                </Button>
              </>
            ),
          },
        ]}
      />
    </Modal>
  );
}
