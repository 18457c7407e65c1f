import { useUsage } from '../../shared/user/use-usage';
import { formatUsageLine, messagesPercent } from './usage-line';
import styles from './shell.module.css';

/** The usage line and the messages progress bar (docs/product.md §1), shown once usage data exists. */
export function UsageSummary() {
  const usage = useUsage();
  if (!usage) return null;
  const percent = messagesPercent(usage);
  return (
    <div className={styles.usageSummary}>
      <p className={styles.usageLine} aria-live="polite" data-testid="usage-line">
        {formatUsageLine(usage)}
      </p>
      <div className={styles.usageBar} role="progressbar" aria-label="Messages used this month" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className={styles.usageBarFill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
