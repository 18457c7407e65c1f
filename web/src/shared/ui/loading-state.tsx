import { Spin } from 'antd';

/** A centred spinner with a text for screen readers (or shown beside it when `visible`). */
export function LoadingState({ text = 'Loading…', visible = false }: { text?: string; visible?: boolean }) {
  return (
    <div className="loading-state" role="status">
      <Spin />
      <span className={visible ? 'loading-state-text' : 'visually-hidden'}>{text}</span>
    </div>
  );
}
