import { AppstoreOutlined, BulbOutlined, FileAddOutlined, FileTextOutlined, SendOutlined, SolutionOutlined } from '@ant-design/icons';
import { type Template } from '@prd/proto';
import { HOME_POPULAR_TEMPLATES } from '../../shared/ui-constants';
import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useGetTemplatesQuery } from '../../shared/api/content-api';
import { PageHeader } from '../../shared/ui/page-header';
import { Page } from '../../shared/ui/page';
import { Badge } from '../../shared/ui/badge';
import { LoadError } from '../../shared/ui/loading-state';
import { PRODUCT_NAME } from '../../shared/ui/product-name';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { aiAssistedFlowPath } from '../templates/choose-template';
import { TemplateIcon } from '../templates/template-icon';
import styles from './home.module.css';

function PromptForm() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const inputId = useId();
  const prompt = text.trim();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (prompt) void navigate(`/chat?prefill=${encodeURIComponent(prompt)}`);
  };
  // docs/product.md §5: Enter sends, Shift+Enter starts a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className={styles.homePrompt} onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        What do you want to work on?
      </label>
      <textarea
        id={inputId}
        className={styles.homePromptInput}
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Describe a product idea, a feature or a problem to explore…"
      />
      <button type="submit" className={styles.homePromptSubmit} disabled={!prompt} aria-label="Start chat">
        <SendOutlined aria-hidden />
      </button>
    </form>
  );
}

interface ActionCardProps {
  to?: string;
  icon: ReactNode;
  title: string;
  text: string;
  comingSoon?: boolean;
}

function ActionCard({ to, icon, title, text, comingSoon = false }: ActionCardProps) {
  const body = (
    <>
      <span className={styles.actionCardIcon} aria-hidden>
        {icon}
      </span>
      <span className={styles.actionCardTitle}>{title}</span>
      <span className={styles.actionCardText}>{text}</span>
    </>
  );
  if (to && !comingSoon) {
    return (
      <Link to={to} className={styles.actionCard}>
        {body}
      </Link>
    );
  }
  return (
    <div className={comingSoon ? `${styles.actionCard} ${styles.actionCardDisabled}` : styles.actionCard} aria-disabled={comingSoon || undefined}>
      {body}
      {comingSoon && <Badge>Coming soon</Badge>}
    </div>
  );
}

/** Blank cards of the loaded cards' height, so nothing below moves when the templates arrive. */
function PopularTemplatePlaceholders() {
  return Array.from({ length: HOME_POPULAR_TEMPLATES }, (_, i) => (
    <li key={i} aria-hidden className={`${styles.popularTemplate} ${styles.popularTemplatePlaceholder}`}>
      <span className={styles.popularTemplateText}>
        <span className={styles.popularTemplateName}>{'\u00a0'}</span>
        <span className={styles.popularTemplateDescription} />
      </span>
    </li>
  ));
}

/** A template picked once per visit for the 'Start a New Document' card (docs/product.md §2). */
function useRandomTemplate(templates: Template[] | undefined): Template | undefined {
  const [seed] = useState(Math.random);
  return templates?.length ? templates[Math.floor(seed * templates.length)] : undefined;
}

/** / (docs/product.md §2): the prompt, the popular templates and the other actions. */
export function HomePage() {
  usePageTitle();
  const { data: templates, isError } = useGetTemplatesQuery();
  const random = useRandomTemplate(templates);
  const popular = templates?.slice(0, HOME_POPULAR_TEMPLATES) ?? [];

  return (
    <Page>
      <PageHeader
        title={PRODUCT_NAME}
        description="A free, open-source tool for product teams: write product requirements documents, personas, user stories and brainstorming notes with an AI assistant."
      />
      <PromptForm />

      <section className={styles.homeSection} aria-labelledby="popular-templates">
        <div className={styles.homeSectionHead}>
          <h2 id="popular-templates">Popular Templates</h2>
          <Link to="/templates">View all</Link>
        </div>
        {isError && <LoadError>Failed to load templates</LoadError>}
        <ul className={styles.popularTemplates} aria-busy={!templates && !isError}>
          {!templates && !isError && <PopularTemplatePlaceholders />}
          {popular.map((template) => (
            <li key={template.id}>
              <Link to={aiAssistedFlowPath(template.id)} className={styles.popularTemplate}>
                <TemplateIcon name={template.icon} />
                <span className={styles.popularTemplateText}>
                  <span className={styles.popularTemplateName}>{template.name}</span>
                  <span className={styles.popularTemplateDescription}>{template.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.homeSection} aria-labelledby="other-actions">
        <h2 id="other-actions">Other Actions</h2>
        <div className={styles.actionGrid}>
          <ActionCard to="/templates" icon={<AppstoreOutlined />} title="View Templates" text="Browse every template" />
          <ActionCard to="/documents" icon={<FileTextOutlined />} title="My Documents" text="Open and manage your documents" />
          <ActionCard
            to={random ? aiAssistedFlowPath(random.id) : undefined}
            icon={<FileAddOutlined />}
            title="Start a New Document"
            text={random ? `Start with ${random.name}` : 'Start from a template'}
          />
          <ActionCard icon={<BulbOutlined />} title="Brainstorm New Features" text="Explore ideas with the AI" comingSoon />
          <ActionCard icon={<SolutionOutlined />} title="Get Feedback on Idea" text="Have the AI review an idea" comingSoon />
        </div>
      </section>
    </Page>
  );
}
