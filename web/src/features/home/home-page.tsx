import { AppstoreOutlined, BulbOutlined, FileAddOutlined, FileTextOutlined, SendOutlined, SolutionOutlined } from '@ant-design/icons';
import { type Template } from '@prd/proto';
import { HOME_POPULAR_TEMPLATES } from '../../shared/ui-constants';
import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useGetTemplatesQuery } from '../../shared/api/content-api';
import { PageHeader } from '../../shared/ui/page-header';
import { PRODUCT_NAME } from '../../shared/ui/product-name';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { aiAssistedFlowPath } from '../templates/choose-template';
import { TemplateIcon } from '../templates/template-icon';
import './home.css';

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
    <form className="home-prompt" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        What do you want to work on?
      </label>
      <textarea
        id={inputId}
        className="home-prompt-input"
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Describe a product idea, a feature or a problem to explore…"
      />
      <button type="submit" className="home-prompt-submit" disabled={!prompt} aria-label="Start chat">
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
      <span className="action-card-icon" aria-hidden>
        {icon}
      </span>
      <span className="action-card-title">{title}</span>
      <span className="action-card-text">{text}</span>
    </>
  );
  if (to && !comingSoon) {
    return (
      <Link to={to} className="action-card">
        {body}
      </Link>
    );
  }
  return (
    <div className={comingSoon ? 'action-card action-card-disabled' : 'action-card'} aria-disabled={comingSoon || undefined}>
      {body}
      {comingSoon && <span className="badge">Coming soon</span>}
    </div>
  );
}

/** Blank cards of the loaded cards' height, so nothing below moves when the templates arrive. */
function PopularTemplatePlaceholders() {
  return Array.from({ length: HOME_POPULAR_TEMPLATES }, (_, i) => (
    <li key={i} aria-hidden className="popular-template popular-template-placeholder">
      <span className="popular-template-text">
        <span className="popular-template-name">{'\u00a0'}</span>
        <span className="popular-template-description" />
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
    <section className="page">
      <PageHeader
        title={PRODUCT_NAME}
        description="A free, open-source tool for product teams: write product requirements documents, personas, user stories and brainstorming notes with an AI assistant."
      />
      <PromptForm />

      <section className="home-section" aria-labelledby="popular-templates">
        <div className="home-section-head">
          <h2 id="popular-templates">Popular Templates</h2>
          <Link to="/templates">View all</Link>
        </div>
        {isError && (
          <p className="status-text" role="alert">
            Failed to load templates
          </p>
        )}
        <ul className="popular-templates" aria-busy={!templates && !isError}>
          {!templates && !isError && <PopularTemplatePlaceholders />}
          {popular.map((template) => (
            <li key={template.id}>
              <Link to={aiAssistedFlowPath(template.id)} className="popular-template">
                <TemplateIcon name={template.icon} />
                <span className="popular-template-text">
                  <span className="popular-template-name">{template.name}</span>
                  <span className="popular-template-description">{template.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-section" aria-labelledby="other-actions">
        <h2 id="other-actions">Other Actions</h2>
        <div className="action-grid">
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
    </section>
  );
}
