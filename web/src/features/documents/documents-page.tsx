import { PageHeader } from '../../app/page-header';
import { usePageTitle } from '../../app/use-page-title';

export function DocumentsPage() {
  usePageTitle('Documents');
  return (
    <section className="page">
      <PageHeader title="Documents" />
    </section>
  );
}
