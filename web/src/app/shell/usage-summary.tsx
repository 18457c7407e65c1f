import { useUsage } from '../../shared/user/use-usage';
import { formatUsageLine, messagesPercent } from './usage-line';

/** The usage line and the messages progress bar (docs/product.md §1), shown once usage data exists. */
export function UsageSummary() {
  const usage = useUsage();
  if (!usage) return null;
  const percent = messagesPercent(usage);
  return (
    <div className="usage-summary">
      <p className="usage-line" aria-live="polite" data-testid="usage-line">
        {formatUsageLine(usage)}
      </p>
      <div className="usage-bar" role="progressbar" aria-label="Messages used this month" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="usage-bar-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
