import {
  BoldOutlined,
  CheckSquareOutlined,
  CodeOutlined,
  CommentOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RobotOutlined,
  StrikethroughOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { useState } from 'react';
import { AskAiPanel } from '../../suggestions/ask-ai-panel';
import styles from './aids.module.css';
import { ToolButton } from './tool-button';
import { toolbarKeyDown } from './toolbar-keys';

interface Props {
  editor: Editor;
  canEdit: boolean;
  canComment: boolean;
  onComment?: () => void;
  /** Ask the AI for a suggestion on the selection (commenters and up). */
  onAskAi?: (instruction: string) => void;
  onLink: () => void;
}

const MARKS = [
  { mark: 'bold', label: 'Bold', icon: <BoldOutlined />, keys: 'Ctrl+B' },
  { mark: 'italic', label: 'Italic', icon: <ItalicOutlined />, keys: 'Ctrl+I' },
  { mark: 'strike', label: 'Strikethrough', icon: <StrikethroughOutlined />, keys: 'Ctrl+Shift+S' },
  { mark: 'code', label: 'Code', icon: <CodeOutlined />, keys: 'Ctrl+E' },
] as const;

const LISTS = [
  { list: 'bulletList', item: 'listItem', label: 'Bullet list', icon: <UnorderedListOutlined />, keys: 'Ctrl+Shift+8' },
  { list: 'orderedList', item: 'listItem', label: 'Numbered list', icon: <OrderedListOutlined />, keys: 'Ctrl+Shift+7' },
  { list: 'taskList', item: 'taskItem', label: 'Task list', icon: <CheckSquareOutlined />, keys: 'Ctrl+Shift+9' },
] as const;

/** The formatting menu shown on a selection; for someone who may comment but not edit, only Comment and Ask AI. */
export function FormattingToolbar({ editor, canEdit, canComment, onComment, onAskAi, onLink }: Props) {
  const [asking, setAsking] = useState(false);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      marks: MARKS.map(({ mark }) => current.isActive(mark)),
      link: current.isActive('link'),
      lists: LISTS.map(({ list }) => current.isActive(list)),
      level: ([1, 2, 3] as const).find((level) => current.isActive('heading', { level })) ?? 0,
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <div role="toolbar" aria-label="Formatting" className={styles.toolbar} onKeyDown={toolbarKeyDown(editor)}>
      {canEdit && (
        <>
          {MARKS.map(({ mark, label, icon, keys }, index) => (
            <ToolButton key={mark} label={label} keys={keys} pressed={active.marks[index]} onClick={() => chain().toggleMark(mark).run()}>
              {icon}
            </ToolButton>
          ))}
          <ToolButton label="Link" keys="Ctrl+K" pressed={active.link} onClick={onLink}>
            <LinkOutlined />
          </ToolButton>
          {LISTS.map(({ list, item, label, icon, keys }, index) => (
            <ToolButton key={list} label={label} keys={keys} pressed={active.lists[index]} onClick={() => chain().toggleList(list, item).run()}>
              {icon}
            </ToolButton>
          ))}
          <select
            className={styles.select}
            aria-label="Text style"
            value={active.level}
            onChange={(event) => {
              const level = Number(event.target.value) as 0 | 1 | 2 | 3;
              if (level === 0) chain().setNode('paragraph').run();
              else chain().setNode('heading', { level }).run();
            }}
          >
            <option value={0}>Text</option>
            <option value={1}>Heading 1</option>
            <option value={2}>Heading 2</option>
            <option value={3}>Heading 3</option>
          </select>
        </>
      )}
      {canComment && onComment && (
        <ToolButton label="Comment" keys="Ctrl+Alt+M" onClick={onComment}>
          <CommentOutlined /> <span className={styles.toolText}>Comment</span>
        </ToolButton>
      )}
      {onAskAi && (
        <ToolButton label="Ask AI" pressed={asking} onClick={() => setAsking(!asking)}>
          <RobotOutlined /> <span className={styles.toolText}>Ask AI</span>
        </ToolButton>
      )}
      {onAskAi && asking && (
        <AskAiPanel
          onAsk={(instruction) => {
            setAsking(false);
            onAskAi(instruction);
          }}
        />
      )}
    </div>
  );
}
