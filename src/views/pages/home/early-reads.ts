import { startLatestNotifications } from '../../components/notifications/api/get-latest-notifications';

/** How many of the newest notifications the dashboard shows. */
export const LATEST_NOTIFICATIONS = 5;

/** The dashboard's own reads, asked at boot beside its chunks and the user summary instead of after its first commit. */
export function startDashboardReads(): void {
  startLatestNotifications(LATEST_NOTIFICATIONS);
}
