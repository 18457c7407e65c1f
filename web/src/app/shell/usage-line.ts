import type { Usage } from '@prd/proto';

const UNLIMITED = '∞';

const limitText = (limit: number | null): string => (limit === null ? UNLIMITED : String(limit));

/** docs/product.md §1: 'Docs: used/limit | Msgs: used/limit'; an unlimited allowance shows as ∞. */
export function formatUsageLine(usage: Usage): string {
  return `Docs: ${usage.docs}/${limitText(usage.limits.docs)} | Msgs: ${usage.messages}/${limitText(usage.limits.messages)}`;
}

/** Messages used as a whole percentage of the message limit, 0–100; 0 when the limit is unlimited. */
export function messagesPercent(usage: Usage): number {
  const limit = usage.limits.messages;
  if (limit === null) return 0;
  if (limit === 0) return 100;
  return Math.min(100, Math.round((usage.messages / limit) * 100));
}
