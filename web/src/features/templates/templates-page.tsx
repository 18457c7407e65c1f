import { TEMPLATE_PREVIEW_CHARS, TEMPLATES_PAGE_SIZE, type Template } from '@prd/proto';
import { TEMPLATES_MAX_PAGE_BUTTONS } from '../../shared/ui-constants';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useGetTemplatesQuery } from '../../shared/api/content-api';
import { LoadError, LoadingState } from '../../shared/ui/loading-state';
import { PageHeader } from '../../shared/ui/page-header';
import { Page } from '../../shared/ui/page';
import buttonLink from '../../shared/ui/button-link.module.css';
import { Badge } from '../../shared/ui/badge';
import { Pager } from '../../shared/list/pager';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { pageCount } from '../../shared/list/page-window';
import { preview } from './preview';
import { TemplateIcon } from './template-icon';
import styles from './templates.module.css';

function TemplateCard({ template, Heading = 'h2' }: { template: Template; Heading?: 'h2' | 'h3' }) {
  const headingId = `template-${template.id}`;
  // A team template's documents start in its workspace.
  const place = template.workspaceId === null ? '' : `&workspace=${template.workspaceId}`;
  return (
    <article className={styles.templateCard} aria-labelledby={headingId}>
      <div className={styles.templateCardHead}>
        <TemplateIcon name={template.icon} />
        <div className={styles.templateBadges}>
          <Badge>{template.category}</Badge>
          {template.isDefault && <Badge primary>Default</Badge>}
        </div>
      </div>
      <Heading id={headingId} className={styles.templateName}>
        {template.name}
      </Heading>
      <p className={styles.templateDescription}>{template.description}</p>
      <pre className={styles.templatePreview}>{preview(template.content, TEMPLATE_PREVIEW_CHARS)}</pre>
      <div className={styles.templateActions}>
        <Link
          to={`/document-flow/${template.id}?mode=start-new&autoNavigate=true${place}`}
          className={buttonLink.link}
          aria-label={`Start new: ${template.name}`}
          title="More direct, less guidance"
        >
          Start new
        </Link>
        <Link
          to={`/document-flow/${template.id}?mode=ai-assisted&autoNavigate=true${place}`}
          className={buttonLink.primary}
          aria-label={`AI-assisted: ${template.name}`}
          title="Step-by-step guidance with detailed questions"
        >
          AI-assisted
        </Link>
      </div>
    </article>
  );
}

/** The templates a user saved (docs/decisions/0038-custom-templates.md): their own, or their workspaces'. */
function SavedTemplates({ title, templates }: { title: string; templates: Template[] }) {
  if (templates.length === 0) return null;
  return (
    <section aria-label={title} className={styles.savedTemplates}>
      <h2>{title}</h2>
      <div className={styles.templateGrid}>
        {templates.map((template) => (
          <TemplateCard key={template.id} template={template} Heading="h3" />
        ))}
      </div>
    </section>
  );
}

/** /templates (docs/product.md §2): the template gallery, 12 a page, then the user's own templates and their teams'. */
export function TemplatesPage() {
  usePageTitle('Templates');
  const { data: all, isLoading, isError } = useGetTemplatesQuery();
  const templates = all?.filter((t) => t.source === 'builtin');
  const [page, setPage] = useState(1);
  const totalPages = pageCount(templates?.length ?? 0, TEMPLATES_PAGE_SIZE);
  const current = Math.min(page, Math.max(1, totalPages));
  const shown = templates?.slice((current - 1) * TEMPLATES_PAGE_SIZE, current * TEMPLATES_PAGE_SIZE) ?? [];

  const goTo = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0 });
  };

  return (
    <Page>
      <PageHeader title="Templates" description="Choose from our collection of professionally designed PRD templates" />
      {isLoading && <LoadingState text="Loading templates..." />}
      {isError && <LoadError>Failed to load templates</LoadError>}
      {templates && (
        <>
          <div className={styles.templateGrid}>
            {shown.map((template) => (
              <TemplateCard key={template.id} template={template} />
            ))}
          </div>
          <Pager page={current} totalPages={totalPages} onChange={goTo} label="Template pages" maxPageButtons={TEMPLATES_MAX_PAGE_BUTTONS} />
          <SavedTemplates title="My templates" templates={all?.filter((t) => t.source === 'personal') ?? []} />
          <SavedTemplates title="Team templates" templates={all?.filter((t) => t.source === 'workspace') ?? []} />
        </>
      )}
    </Page>
  );
}
