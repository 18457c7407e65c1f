import { Link } from 'react-router-dom';
import { PageHeader } from '../../shared/ui/page-header';
import { Page } from '../../shared/ui/page';
import { usePageTitle } from '../../shared/ui/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Page>
      <PageHeader title="404 Page Not Found" description="Did you forget to add the page to the router?" />
      <Link to="/">Go to Home</Link>
    </Page>
  );
}
