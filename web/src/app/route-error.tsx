import { Button } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import pageHeader from '../shared/ui/page-header.module.css';
import { Page } from '../shared/ui/page';
import styles from './route-error.module.css';

const describe = (error: unknown): string | undefined => (isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : undefined);

/**
 * Shown when a page throws while rendering, or its code cannot be fetched (for example after a new
 * release replaced the old chunks): reloading fetches the current build.
 */
export function RouteError() {
  const detail = describe(useRouteError());
  return (
    <Page className={styles.routeError} role="alert">
      <h1 className={pageHeader.title}>Something went wrong</h1>
      {detail && <p className={pageHeader.description}>{detail}</p>}
      <Button type="primary" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Page>
  );
}
