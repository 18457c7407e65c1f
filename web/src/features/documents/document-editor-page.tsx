import { PageHeader } from '../../app/page-header';
import { usePageTitle } from '../../app/use-page-title';

export function DocumentEditorPage() {
  usePageTitle('Document');
  return (
    <section className="page">
      <PageHeader title="Document" />
    </section>
  );
}
