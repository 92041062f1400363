import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchLatestNotifications } from '../../../../services/notifications';
import { useSession } from '../../session-context';

/** The dashboard's newest notifications, asked again whenever the unread count moves; the ones shown stay meanwhile. */
export function useLatestNotifications(count: number) {
  const unread = useSession((s) => s.context.user?.notificationsCount ?? 0);
  return useQuery({
    queryKey: ['notifications', 'latest', count, 'with unread', unread],
    queryFn: ({ signal }) => fetchLatestNotifications(count, signal),
    placeholderData: keepPreviousData,
  });
}
