import { PageHeader } from '../../app/page-header';
import { PRODUCT_NAME } from '../../app/product-name';
import { usePageTitle } from '../../app/use-page-title';

export function HomePage() {
  usePageTitle();
  return (
    <section className="page">
      <PageHeader
        title={PRODUCT_NAME}
        description="Write product requirements documents, personas, user stories and brainstorming notes with an AI assistant."
      />
    </section>
  );
}
