import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Notification } from '../../../../contract/notifications';
import { fetchLatestNotifications } from '../../../../services/notifications';
import { earlyRead } from '../../../data/early-read';
import { useSession } from '../../session-context';

const early = earlyRead<Notification[]>();

/** Asks the dashboard's newest notifications at boot, beside the page's chunks; the dashboard's query takes the answer. */
export function startLatestNotifications(count: number): void {
  early.start(() => fetchLatestNotifications(count));
}

/** The dashboard's newest notifications, asked again whenever the unread count moves; the ones shown stay meanwhile. */
export function useLatestNotifications(count: number) {
  const unread = useSession((s) => s.context.user?.notificationsCount ?? 0);
  const queryKey = ['notifications', 'latest', count, 'with unread', unread];
  const client = useQueryClient();
  useState(() => early.adopt(client, queryKey));
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchLatestNotifications(count, signal),
    placeholderData: keepPreviousData,
    // The frame's cache is new at every navigation, so only the boot's answer is there at mount: it is not asked twice.
    refetchOnMount: false,
  });
}
