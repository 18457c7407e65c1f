import { type Usage } from '@prd/proto';
import { USAGE_REFETCH_INTERVAL_MS, USAGE_STALE_TIME_MS } from '../ui-constants';
import { useGetUsageQuery } from '../api/identity-api';

/**
 * This month's usage, kept fresh as docs/product.md §4 asks: refetched on window focus and every 30 s, and on
 * mount when older than 10 s (stale time). Pushes on `/ws-general` invalidate it too (use-push-channel).
 */
export function useUsage(): Usage | undefined {
  const { data } = useGetUsageQuery(undefined, {
    pollingInterval: USAGE_REFETCH_INTERVAL_MS,
    refetchOnFocus: true,
    refetchOnMountOrArgChange: USAGE_STALE_TIME_MS / 1000,
  });
  return data;
}
