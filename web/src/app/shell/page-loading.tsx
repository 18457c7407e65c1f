import { Spin } from 'antd';

/** Shown while a page's code is fetched. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <Spin />
      <span className="visually-hidden">Loading page…</span>
    </div>
  );
}
