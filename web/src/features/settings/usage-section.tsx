import { useId } from 'react';
import { useUsage } from '../../shared/user/use-usage';

const limitText = (limit: number | null): string => (limit === null ? 'unlimited' : String(limit));

/** This month's usage against the limits (docs/product.md §2), shown when usage data exists. */
export function UsageSection() {
  const usage = useUsage();
  const headingId = useId();
  if (!usage) return null;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Usage limits</h2>
      <dl className="settings-usage">
        <dt>Documents this month</dt>
        <dd>
          {usage.docs} of {limitText(usage.limits.docs)}
        </dd>
        <dt>AI messages this month</dt>
        <dd>
          {usage.messages} of {limitText(usage.limits.messages)}
        </dd>
      </dl>
    </section>
  );
}
