import { Alert, Button, Input, Tag } from 'antd';
import { useId, useState } from 'react';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useGetSettingsQuery, useRemoveApiKeyMutation, useSaveApiKeyMutation } from '../../shared/api/identity-api';
import { useToast } from '../../shared/toast/toast';
import { isRegistered, type SignedInUser } from '../../shared/user/use-current-user';
import { SettingsSection } from './settings-section';
import styles from './settings.module.css';

/** A registered user's own OpenAI key: save or remove it (docs/product.md §2, §5); others see a sign-up notice. */
export function ApiKeySection({ user }: { user: SignedInUser | null }) {
  return (
    <SettingsSection title="OpenAI API key">
      {isRegistered(user) ? <ApiKeyForm /> : <Alert type="info" showIcon title="Sign up required" description="Create an account to store your own OpenAI API key." />}
    </SettingsSection>
  );
}

function ApiKeyForm() {
  const { data: settings } = useGetSettingsQuery();
  const [save, saving] = useSaveApiKeyMutation();
  const [remove, removing] = useRemoveApiKeyMutation();
  const [apiKey, setApiKey] = useState('');
  const toast = useToast();
  const inputId = useId();
  const pending = saving.isLoading || removing.isLoading;

  const onSave = async () => {
    try {
      await save({ apiKey: apiKey.trim() }).unwrap();
      setApiKey('');
      toast.success('API key saved', 'Your custom OpenAI API key was stored.');
    } catch (error) {
      toast.error('Error', errorMessage(error));
    }
  };
  const onRemove = async () => {
    try {
      await remove().unwrap();
      toast.success('API key removed', 'Your custom API key was cleared.');
    } catch (error) {
      toast.error('Error', errorMessage(error));
    }
  };

  return (
    <>
      <p className={styles.text}>
        Use your own key for unlimited AI messages. It is stored encrypted and never shown again.{' '}
        {settings && (settings.hasCustomOpenaiKey ? <Tag color="green">Custom key stored</Tag> : <Tag>Using the server key</Tag>)}
      </p>
      <label htmlFor={inputId} className={styles.label}>
        Custom OpenAI API key
      </label>
      <div className={styles.row}>
        <Input.Password id={inputId} value={apiKey} onChange={(event) => setApiKey(event.target.value)} placeholder="sk-..." autoComplete="off" />
        <Button type="primary" onClick={() => void onSave()} disabled={apiKey.trim() === '' || pending} loading={saving.isLoading}>
          Save API Key
        </Button>
      </div>
      {settings?.hasCustomOpenaiKey && (
        <Button className={styles.secondaryAction} onClick={() => void onRemove()} disabled={pending} loading={removing.isLoading}>
          Remove API Key
        </Button>
      )}
    </>
  );
}
