import { SnippetsOutlined } from '@ant-design/icons';
import type { DocumentDto } from '@prd/proto';
import { Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useToast } from '../../shared/toast/toast';
import { isRegistered, useCurrentUser } from '../../shared/user/use-current-user';
import { useGetWorkspacesQuery } from '../workspaces/workspaces-api';
import { useSaveTemplateMutation } from './templates-api';

const PERSONAL = 'personal';
interface Values {
  name: string;
  description?: string;
  category?: string;
  place: string;
}

interface Props {
  document: DocumentDto;
  /** The document's markdown as it is now (the live text): the template is what the document says when it is saved. */
  contentNow: () => string;
}

/**
 * "Save as template" on a document (docs/decisions/0038-custom-templates.md): its text becomes a template of the user's own, or
 * of a workspace they belong to, shown in the gallery under "My templates" or "Team templates". Registered users only.
 */
export function SaveAsTemplate({ document: doc, contentNow }: Props) {
  const { user } = useCurrentUser();
  const registered = isRegistered(user);
  // Fetched with the page, so that the dialog's choices are there when it opens.
  useGetWorkspacesQuery(undefined, { skip: !registered });
  const [open, setOpen] = useState(false);
  if (!registered) return null;
  return (
    <>
      {/* Beside where the document lives, out of the preview's actions (whose row would wrap, and whose Save it would shadow). */}
      <Button size="small" type="link" icon={<SnippetsOutlined aria-hidden />} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Save as template
      </Button>
      {/* Mounted only while open, so each opening starts from the document as it is then. Mounted while hidden (as it was), its
          form items measured themselves on every render of the page (antd's isVisible): a forced layout of the whole document. */}
      {open && <SaveAsTemplateDialog document={doc} contentNow={contentNow} onClose={() => setOpen(false)} />}
    </>
  );
}

function SaveAsTemplateDialog({ document: doc, contentNow, onClose }: Props & { onClose: () => void }) {
  const { data: workspaces = [] } = useGetWorkspacesQuery();
  const [save, saving] = useSaveTemplateMutation();
  const [form] = Form.useForm<Values>();
  const toast = useToast();

  const submit = async ({ name, description, category, place }: Values) => {
    try {
      await save({
        name,
        description: description?.trim() ?? '',
        category: category?.trim() || 'Custom',
        content: contentNow(),
        workspaceId: place === PERSONAL ? null : Number(place),
      }).unwrap();
      toast.success('Template saved', place === PERSONAL ? 'Find it under My templates' : 'Your team finds it under Team templates');
      onClose();
    } catch (error) {
      toast.error('Save failed', errorMessage(error));
    }
  };
  return (
    <Modal
      open
      title="Save as template"
      okText={saving.isLoading ? 'Saving...' : 'Save template'}
      okButtonProps={{ loading: saving.isLoading }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<Values>
        form={form}
        name="save-as-template"
        layout="vertical"
        initialValues={{ name: doc.title, description: '', category: '', place: doc.workspaceId === null ? PERSONAL : String(doc.workspaceId) }}
        onFinish={(values) => void submit(values)}
        disabled={saving.isLoading}
      >
        <Form.Item label="Template name" name="name" rules={[{ required: true, whitespace: true, message: 'Template name is required' }]}>
          <Input />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input />
        </Form.Item>
        <Form.Item label="Category" name="category">
          <Input placeholder="Custom" />
        </Form.Item>
        <Form.Item label="Save for" name="place">
          <Select options={[{ value: PERSONAL, label: 'Just me' }, ...workspaces.map((w) => ({ value: String(w.id), label: w.name }))]} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
