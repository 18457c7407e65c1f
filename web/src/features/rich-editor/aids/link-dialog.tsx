import type { Editor } from '@tiptap/core';
import { Button, Input, type InputRef, Modal } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import styles from './aids.module.css';
import { linkHref } from './link-rules';

interface Props {
  editor: Editor;
  open: boolean;
  onClose: () => void;
}

/** Adds, changes or removes the link on the selection (or at the caret); only http(s) and mailto addresses. */
export function LinkDialog({ editor, open, onClose }: Props) {
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<InputRef>(null);
  const inputId = useId();
  const errorId = useId();
  const existing = open ? ((editor.getAttributes('link').href as string | undefined) ?? null) : null;

  useEffect(() => {
    if (!open) return;
    setAddress(existing ?? '');
    setError(null);
  }, [open, existing]);

  const close = () => {
    onClose();
    editor.commands.focus();
  };

  const apply = () => {
    const result = linkHref(address);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    const { href } = result;
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the link's text.
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: href.replace(/^mailto:/, ''), marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange('link').setMark('link', { href }).run();
    }
    onClose();
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetMark('link').run();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={existing ? 'Edit link' : 'Add link'}
      onCancel={close}
      destroyOnHidden
      afterOpenChange={(opened) => opened && input.current?.focus()}
      footer={[
        existing && (
          <Button key="remove" danger onClick={remove}>
            Remove link
          </Button>
        ),
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button key="apply" type="primary" onClick={apply}>
          Apply
        </Button>,
      ]}
    >
      <div className={styles.field}>
        <label htmlFor={inputId}>Link address</label>
        <Input
          id={inputId}
          ref={input}
          value={address}
          placeholder="https://example.com"
          status={error ? 'error' : undefined}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setAddress(event.target.value);
            setError(null);
          }}
          onPressEnter={apply}
        />
      </div>
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </Modal>
  );
}
