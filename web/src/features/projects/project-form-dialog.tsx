import { DEFAULT_PROJECT_NAME, DEFAULT_PROJECT_STATUS, type ProjectDto } from '@prd/proto';
import { PROJECT_STATUSES, type ProjectStatus } from '@prd/proto/project-statuses';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useCreateProjectMutation, useUpdateProjectMutation } from '../../shared/api/content-api';
import { errorMessage, opensDialog } from '../../shared/state/error-dialogs-middleware';
import { useToast } from '../../shared/toast/toast';
import { STATUS_LABELS } from './project-status';

interface ProjectValues {
  name?: string;
  description?: string;
  status: ProjectStatus;
}

const STATUS_OPTIONS = PROJECT_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

const asStatus = (status: string): ProjectStatus => ((PROJECT_STATUSES as readonly string[]).includes(status) ? (status as ProjectStatus) : DEFAULT_PROJECT_STATUS);

/**
 * New Project, or Edit of an existing one (docs/product.md §2): name ('Untitled Project' when blank),
 * description and status, which is sent as chosen.
 */
export function ProjectFormDialog({ open, project, onClose }: { open: boolean; project: ProjectDto | null; onClose: () => void }) {
  const [form] = Form.useForm<ProjectValues>();
  const [createProject, creating] = useCreateProjectMutation();
  const [updateProject, updating] = useUpdateProjectMutation();
  const toast = useToast();
  const pending = creating.isLoading || updating.isLoading;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      project ? { name: project.name, description: project.description, status: asStatus(project.status) } : { name: '', description: '', status: DEFAULT_PROJECT_STATUS },
    );
  }, [open, project, form]);

  const submit = async ({ name, description, status }: ProjectValues) => {
    const body = { name: name?.trim() || DEFAULT_PROJECT_NAME, description: description?.trim() ?? '', status };
    try {
      if (project) {
        await updateProject({ id: project.id, ...body }).unwrap();
        toast.success('Project updated', 'Your changes have been saved');
      } else {
        await createProject(body).unwrap();
        toast.success('Project created', 'Your project has been created successfully');
      }
      onClose();
    } catch (error) {
      if (!opensDialog(error)) toast.error('Error', errorMessage(error));
    }
  };

  const action = project ? (pending ? 'Saving...' : 'Save Changes') : pending ? 'Creating...' : 'Create Project';
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={project ? 'Edit Project' : 'New Project'}
      okText={action}
      onOk={() => form.submit()}
      okButtonProps={{ loading: pending }}
      forceRender
    >
      <Form<ProjectValues> form={form} name="project-form" layout="vertical" onFinish={(values) => void submit(values)} disabled={pending}>
        <Form.Item label="Project Name" name="name">
          <Input placeholder={DEFAULT_PROJECT_NAME} />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item label="Status" name="status">
          <Select options={STATUS_OPTIONS} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
