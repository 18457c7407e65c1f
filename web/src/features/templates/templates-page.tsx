import { PageHeader } from '../../app/page-header';
import { usePageTitle } from '../../app/use-page-title';

export function TemplatesPage() {
  usePageTitle('Templates');
  return (
    <section className="page">
      <PageHeader title="Templates" description="Choose from our collection of professionally designed PRD templates" />
    </section>
  );
}
