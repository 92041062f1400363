import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RequestStatus } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import { staffCalls } from '../../../services/staff/staff-calls';
import { LoadState } from '../../components/ui/load-state';
import '../lists/lists.css';
import { retryQuery } from './api/staff-queries';
import { RequestStatusField } from './request-status-field';
import { StaffComplaintItem } from './staff-complaint-item';

export const complaintsKey = (status: RequestStatus | null) => ['staff', 'complaints', status ?? 'all'] as const;

/** /staff/complaints: the customers' complaints, by status, each answered in place (manager and admin). */
export default function StaffComplaintsPage() {
  const t = useT();
  const [status, setStatus] = useState<RequestStatus | null>('new');
  const complaints = useQuery({ queryKey: complaintsKey(status), queryFn: ({ signal }) => staffCalls().complaints(status, signal) });
  return (
    <section className="staff-page" aria-labelledby="staff-complaints-heading">
      <h1 id="staff-complaints-heading">{t('staff.complaints.heading')}</h1>
      <RequestStatusField
        label={t('staff.complaints.filter')} frameClassName="staff-filter" value={status} onChange={setStatus}
        anyStatus={{ label: t('staff.complaints.all'), onChoose: () => setStatus(null) }}
      />
      <LoadState
        items={complaints.data}
        failed={complaints.isError}
        failedText={t('staff.complaints.failed')}
        retry={retryQuery(t, complaints)}
        skeletonRows={4}
        empty={
          <p className="staff-empty" role="status">
            {t('staff.complaints.empty')}
          </p>
        }
      >
        {(items) => (
          <ul className="staff-complaints">
            {items.map((complaint) => (
              <StaffComplaintItem key={complaint.id} complaint={complaint} />
            ))}
          </ul>
        )}
      </LoadState>
    </section>
  );
}
