import { FLOW_TITLE_REQUIRED } from '@prd/proto';
import { Button, Input } from 'antd';
import { useId, useState, type FormEvent } from 'react';
import { useToast } from '../../shared/toast/toast';
import pageHeader from '../../shared/ui/page-header.module.css';
import styles from './document-flow.module.css';

/** The first step of the flow (docs/product.md §2, §5): what the user is working on; blank is refused. */
export function FlowTitleStep({ templateName, initialTitle, onContinue }: { templateName: string; initialTitle: string; onContinue: (title: string) => void }) {
  const [title, setTitle] = useState(initialTitle);
  const toast = useToast();
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      toast.error(FLOW_TITLE_REQUIRED.message, FLOW_TITLE_REQUIRED.description);
      return;
    }
    onContinue(title.trim());
  };

  return (
    <form className={styles.flowTitleStep} onSubmit={submit} noValidate>
      <h1 className={pageHeader.title}>What are you working on?</h1>
      <p className={pageHeader.description}>A new {templateName}. Give it a working title; the assistant takes it from there.</p>
      <label htmlFor={inputId} className="visually-hidden">
        What are you working on?
      </label>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the page exists to ask this one question, right after the user chose a template */}
      <Input id={inputId} size="large" autoFocus maxLength={300} placeholder="e.g. Team calendar sharing" value={title} onChange={(event) => setTitle(event.target.value)} />
      <Button type="primary" size="large" htmlType="submit">
        Continue
      </Button>
    </form>
  );
}
