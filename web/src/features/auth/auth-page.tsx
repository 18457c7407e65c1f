import { PageHeader } from '../../app/page-header';
import { PRODUCT_NAME } from '../../app/product-name';
import { usePageTitle } from '../../app/use-page-title';

export function AuthPage() {
  usePageTitle('Log in or sign up');
  return (
    <section className="page">
      <PageHeader title={`Welcome to ${PRODUCT_NAME}`} description="Log in or create an account to keep your documents." />
    </section>
  );
}
