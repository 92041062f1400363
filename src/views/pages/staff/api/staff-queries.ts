import { useQuery } from '@tanstack/react-query';
import type { t as translate } from '../../../../services/i18n';
import { staffCalls } from '../../../../services/staff/staff-calls';
import { isNotFound } from '../../../data/query-client';

/** The queue and an order follow the other engineers and the customers: asked again every 30 s and on focus. */
export const STAFF_REFRESH_MS = 30_000;

export const queueKey = ['staff', 'queue'] as const;
export const staffOrderKey = (id: number) => ['staff', 'order', id] as const;

export const useCheckQueue = (enabled = true) => useQuery({
  queryKey: queueKey,
  enabled,
  queryFn: ({ signal }) => staffCalls().queue(signal),
  refetchInterval: STAFF_REFRESH_MS,
  refetchOnWindowFocus: true,
});

export const useStaffOrder = (id: number) => useQuery({
  queryKey: staffOrderKey(id),
  queryFn: ({ signal }) => staffCalls().order(id, signal),
  refetchInterval: (query) => (query.state.data !== undefined && !isNotFound(query.state.error) ? STAFF_REFRESH_MS : false),
  refetchOnWindowFocus: (query) => query.state.data !== undefined,
});

/** The staff pages' 'try again' after a list failed to load: the list is asked again. */
export const retryQuery = (t: typeof translate, query: { refetch: () => Promise<unknown> }) => ({
  label: t('staff.queue.retry'),
  onRetry: () => void query.refetch(),
});
