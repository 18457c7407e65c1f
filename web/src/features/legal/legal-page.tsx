import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../shared/ui/page-header';
import { Page } from '../../shared/ui/page';
import { usePageTitle } from '../../shared/ui/use-page-title';
import styles from './legal-page.module.css';

/**
 * PRD Studio is self-hosted: whoever runs an instance is the party its users agree with, so these pages
 * say what the software does and which parts the operator must write (docs/decisions/0028-terms-and-privacy-pages.md).
 */
function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Page>
      <PageHeader title={title} description="What this instance's operator agrees with you, and what the software does." />
      <article className={styles.legal}>
        <p className={styles.operator}>
          This instance of PRD Studio, open-source software, is run by its operator, not by the software's authors. Until the operator replaces the parts marked <em>Operator</em>{' '}
          below with their own text, ask them directly before you rely on this instance.
        </p>
        {children}
      </article>
    </Page>
  );
}

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <h2>Operator: who runs this instance</h2>
      <p>The operator's name, address and a way to reach them; the law that governs these terms; from when they apply.</p>
      <h2>Operator: acceptable use and accounts</h2>
      <p>What may and may not be written here, who may register, and when the operator may suspend an account or delete content.</p>
      <h2>What the software gives you</h2>
      <ul>
        <li>Guests can try the product within monthly limits; registering removes the document, project and export limits.</li>
        <li>What you write stays yours: you can export any document as Markdown or Word, and delete your account with everything you own.</li>
        <li>
          AI replies come from the AI provider the operator configured, or from a built-in offline assistant. They can be wrong: review what the AI writes before you rely on it.
        </li>
      </ul>
      <h2>Operator: availability, liability and changes</h2>
      <p>What the operator promises about uptime and backups, the limits of their liability, and how they announce changes to these terms.</p>
      <p>
        See also the <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </LegalPage>
  );
}

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <h2>What the software stores</h2>
      <ul>
        <li>Your account: username, email and a salted hash of your password; your settings, and your own AI key, encrypted, if you save one.</li>
        <li>What you create: documents and their revisions, projects, comments, chat messages, feedback, and whom you shared things with.</li>
        <li>Usage counters for the monthly limits, and one session cookie that keeps you signed in (no tracking or advertising cookies).</li>
        <li>Request logs with a request id and the address a request came from, used to keep the service running and to slow down abuse.</li>
      </ul>
      <h2>Where your text goes</h2>
      <p>
        When you ask the AI, the text it needs (your message and the document or project it is about) is sent to the AI provider this instance uses, or to your own provider if you
        saved a key. The offline assistant sends nothing anywhere.
      </p>
      <h2>Deleting your data</h2>
      <p>Deleting your account in your profile deletes your account and everything you own at once; people you shared with lose access.</p>
      <h2>Operator: who is responsible and how to reach them</h2>
      <p>
        The operator's name and contact for privacy questions, where the servers and the AI provider are located, how long logs and backups are kept, and how you can exercise your
        rights.
      </p>
      <p>
        See also the <Link to="/terms">Terms of Service</Link>.
      </p>
    </LegalPage>
  );
}
