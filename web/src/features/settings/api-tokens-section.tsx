import { Alert, Button, Input, Popconfirm, Select, Tag } from 'antd';
import { useId, useState } from 'react';
import { MCP_PATH, TOKEN_NAME_MAX, type CreatedToken, type TokenDto, type TokenScope } from '@prd/proto';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { relativeTime } from '../../shared/format/relative-time';
import { useToast } from '../../shared/toast/toast';
import { useCreateApiTokenMutation, useGetApiTokensQuery, useRevokeApiTokenMutation } from './api-tokens-api';
import { SettingsSection } from './settings-section';
import settings from './settings.module.css';
import styles from './api-tokens-section.module.css';

const DAY_MS = 24 * 3600_000;
const EXPIRIES = [
  { value: 0, label: 'No expiry' },
  { value: 7, label: '7 days' },
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
  { value: 365, label: '1 year' },
];
const SCOPES: Array<{ value: TokenScope; label: string }> = [
  { value: 'read', label: 'Read only' },
  { value: 'read-write', label: 'Read and write' },
];

/** What an MCP client (Claude, Cursor, VS Code…) is given: this server's `/mcp` and a token in place of the placeholder. */
export const mcpClientConfig = (origin: string) =>
  JSON.stringify({ mcpServers: { 'prd-studio': { type: 'http', url: `${origin}${MCP_PATH}`, headers: { Authorization: 'Bearer <your prd_ token>' } } } }, null, 2);

/** Settings → API tokens (docs/decisions/0015-programmatic-access.md): personal access tokens for scripts and MCP clients, for registered users. */
export function ApiTokensSection() {
  const { data: tokens } = useGetApiTokensQuery();
  const [created, setCreated] = useState<CreatedToken | null>(null);
  return (
    <SettingsSection title="API tokens">
      <p className={settings.text}>Tokens let scripts and AI coding tools read (and with a read-write token, change) your documents through the API and the MCP server, as you.</p>
      <CreateTokenForm onCreated={setCreated} />
      {created && <NewSecret token={created} onDone={() => setCreated(null)} />}
      {tokens && tokens.length > 0 && <TokenList tokens={tokens} />}
      <McpSnippet />
    </SettingsSection>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const [create, creating] = useCreateApiTokenMutation();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [expiryDays, setExpiryDays] = useState(90);
  const toast = useToast();
  const nameId = useId();
  const scopeId = useId();
  const expiryId = useId();

  const onCreate = async () => {
    try {
      const expiresAt = expiryDays === 0 ? null : new Date(Date.now() + expiryDays * DAY_MS).toISOString();
      onCreated(await create({ name: name.trim(), scope, expiresAt }).unwrap());
      setName('');
    } catch (error) {
      toast.error('Error', errorMessage(error));
    }
  };

  return (
    <div className={styles.form}>
      <div className={styles.field}>
        <label htmlFor={nameId} className={settings.label}>
          Token name
        </label>
        <Input id={nameId} value={name} maxLength={TOKEN_NAME_MAX} onChange={(event) => setName(event.target.value)} placeholder="e.g. Cursor on my laptop" />
      </div>
      <div className={styles.field}>
        <label htmlFor={scopeId} className={settings.label}>
          Scope
        </label>
        <Select id={scopeId} value={scope} onChange={setScope} options={SCOPES} className={styles.select} />
      </div>
      <div className={styles.field}>
        <label htmlFor={expiryId} className={settings.label}>
          Expires
        </label>
        <Select id={expiryId} value={expiryDays} onChange={setExpiryDays} options={EXPIRIES} className={styles.select} />
      </div>
      <Button type="primary" onClick={() => void onCreate()} disabled={name.trim() === ''} loading={creating.isLoading}>
        Create token
      </Button>
    </div>
  );
}

/** The secret, this once: it is stored only as a hash and cannot be shown again. */
function NewSecret({ token, onDone }: { token: CreatedToken; onDone: () => void }) {
  const toast = useToast();
  const secretId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      toast.success('Copied', 'The token is on your clipboard.');
    } catch {
      toast.error('Error', 'Could not copy: select the token and copy it yourself.');
    }
  };
  return (
    <Alert
      className={styles.secret}
      type="success"
      showIcon
      title={`Token “${token.name}” created`}
      description={
        <>
          <label htmlFor={secretId} className={styles.secretLabel}>
            Copy it now: it will not be shown again.
          </label>
          <div className={settings.row}>
            <Input id={secretId} readOnly value={token.token} className={styles.mono} onFocus={(event) => event.target.select()} />
            <Button onClick={() => void copy()}>Copy</Button>
          </div>
          <Button type="link" className={styles.done} onClick={onDone}>
            I have copied it
          </Button>
        </>
      }
    />
  );
}

const dateText = (iso: string) => new Date(iso).toLocaleDateString();

function TokenList({ tokens }: { tokens: TokenDto[] }) {
  const [revoke, revoking] = useRevokeApiTokenMutation();
  const toast = useToast();
  const onRevoke = async (token: TokenDto) => {
    try {
      await revoke(token.id).unwrap();
      toast.success('Token revoked', `“${token.name}” no longer works.`);
    } catch (error) {
      toast.error('Error', errorMessage(error));
    }
  };
  return (
    <ul className={styles.list} aria-label="Your API tokens">
      {tokens.map((token) => {
        const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now();
        return (
          <li key={token.id} className={styles.item}>
            <div className={styles.itemText}>
              <strong>{token.name}</strong> <Tag>{token.scope === 'read' ? 'read' : 'read-write'}</Tag>
              {expired && <Tag color="red">expired</Tag>}
              <div className={styles.meta}>
                <code>{token.prefix}…</code> · {token.lastUsedAt ? `last used ${relativeTime(token.lastUsedAt)}` : 'never used'} ·{' '}
                {token.expiresAt ? `${expired ? 'expired' : 'expires'} ${dateText(token.expiresAt)}` : 'no expiry'}
              </div>
            </div>
            <Popconfirm
              title="Revoke this token?"
              description="Anything using it stops working at once."
              okText="Revoke"
              okButtonProps={{ danger: true }}
              onConfirm={() => void onRevoke(token)}
            >
              <Button danger disabled={revoking.isLoading} aria-label={`Revoke ${token.name}`}>
                Revoke
              </Button>
            </Popconfirm>
          </li>
        );
      })}
    </ul>
  );
}

function McpSnippet() {
  const toast = useToast();
  const snippet = mcpClientConfig(window.location.origin);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success('Copied', 'Paste it into your MCP client’s configuration and put a token in place of the placeholder.');
    } catch {
      toast.error('Error', 'Could not copy: select the configuration and copy it yourself.');
    }
  };
  return (
    <div className={styles.snippet}>
      <p className={settings.text}>
        Connect an MCP client (Claude, Cursor, VS Code…) to <code>{`${window.location.origin}${MCP_PATH}`}</code> with this configuration:
      </p>
      <pre className={styles.code} aria-label="MCP client configuration">
        {snippet}
      </pre>
      <Button onClick={() => void copy()}>Copy configuration</Button>
    </div>
  );
}
