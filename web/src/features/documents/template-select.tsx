import type { Template } from '@prd/proto';
import { Select } from 'antd';
import { NO_TEMPLATE } from '../templates/choose-template';

export type TemplateChoice = number | typeof NO_TEMPLATE;

/** A template select whose first option is 'Default Template' (docs/product.md §2). */
export function TemplateSelect({
  id,
  templates,
  value,
  onChange,
  loading,
}: {
  id: string;
  templates: readonly Template[];
  value: TemplateChoice;
  onChange: (value: TemplateChoice) => void;
  loading?: boolean;
}) {
  return (
    <Select<TemplateChoice>
      id={id}
      value={value}
      onChange={onChange}
      loading={loading}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      options={[{ value: NO_TEMPLATE, label: 'Default Template' }, ...templates.map((t) => ({ value: t.id, label: t.name }))]}
    />
  );
}
