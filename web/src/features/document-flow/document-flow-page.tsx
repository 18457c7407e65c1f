import { PageHeader } from '../../app/page-header';
import { usePageTitle } from '../../app/use-page-title';

/** Guided document creation; served at /document-flow/:templateId and /templates/:templateId/create. */
export function DocumentFlowPage() {
  usePageTitle('New document');
  return (
    <section className="page">
      <PageHeader title="What are you working on?" />
    </section>
  );
}
