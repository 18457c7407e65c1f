import { PageHeader } from '../../app/page-header';
import { usePageTitle } from '../../app/use-page-title';

export function ProjectsPage() {
  usePageTitle('Projects');
  return (
    <section className="page">
      <PageHeader title="Projects" />
    </section>
  );
}
