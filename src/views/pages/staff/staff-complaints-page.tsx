import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REQUEST_STATUSES, type RequestStatus } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import { staffGateway } from '../../../services/staff/staff-gateway';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { StaffComplaintItem } from './staff-complaint-item';

export const complaintsKey = (status: RequestStatus | null) => ['staff', 'complaints', status ?? 'all'] as const;

/** /staff/complaints: the customers' complaints, by status, each answered in place (manager and admin). */
export default function StaffComplaintsPage() {
  const t = useT();
  const [status, setStatus] = useState<RequestStatus | null>('new');
  const complaints = useQuery({ queryKey: complaintsKey(status), queryFn: ({ signal }) => staffGateway().complaints(status, signal) });
  return (
    <section className="staff-page" aria-labelledby="staff-complaints-heading">
      <h1 id="staff-complaints-heading">{t('staff.complaints.heading')}</h1>
      <label className="staff-filter">
        {t('staff.complaints.filter')}
        <select className="field__input" value={status ?? ''} onChange={(event) => setStatus(REQUEST_STATUSES.find((code) => code === event.target.value) ?? null)}>
          <option value="">{t('staff.complaints.all')}</option>
          {REQUEST_STATUSES.map((code) => <option key={code} value={code}>{t(`requestStatus.${code}`)}</option>)}
        </select>
      </label>
      {complaints.isError ? (
        <p role="alert">{t('staff.complaints.failed')} <Button variant="link" onClick={() => void complaints.refetch()}>{t('staff.queue.retry')}</Button></p>
      ) : !complaints.data ? <Skeleton rows={4} imageSize={0} />
        : complaints.data.length === 0 ? <p className="staff-empty" role="status">{t('staff.complaints.empty')}</p>
        : (
          <ul className="staff-complaints">
            {complaints.data.map((complaint) => <StaffComplaintItem key={complaint.id} complaint={complaint} />)}
          </ul>
        )}
    </section>
  );
}
