import { useUsage } from '../../shared/user/use-usage';
import { SettingsSection } from './settings-section';
import styles from './settings.module.css';

const limitText = (limit: number | null): string => (limit === null ? 'unlimited' : String(limit));

/** This month's usage against the limits (docs/product.md §2), shown when usage data exists. */
export function UsageSection() {
  const usage = useUsage();
  if (!usage) return null;
  return (
    <SettingsSection title="Usage limits">
      <dl className={styles.usage}>
        <dt>Documents this month</dt>
        <dd>
          {usage.docs} of {limitText(usage.limits.docs)}
        </dd>
        <dt>AI messages this month</dt>
        <dd>
          {usage.messages} of {limitText(usage.limits.messages)}
        </dd>
      </dl>
    </SettingsSection>
  );
}
