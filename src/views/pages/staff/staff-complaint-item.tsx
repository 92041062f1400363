import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RequestStatus } from '../../../contract/orders';
import type { StaffComplaint } from '../../../contract/staff-orders';
import { notifyCallFailure } from '../../../services/call-failure';
import { formatDate } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { showToast } from '../../../services/toasts';
import { staffCalls } from '../../../services/staff/staff-calls';
import { TextAreaField } from '../../components/form/text-area-field';
import { LocalLink } from '../../components/local-link';
import { Button } from '../../components/ui/button';
import { RequestStatusField } from './request-status-field';

/** One complaint with its order, and the manufacturer's answer: a status and a resolution the customer reads. */
export function StaffComplaintItem({ complaint }: { complaint: StaffComplaint }) {
  const t = useT();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<RequestStatus>(complaint.status);
  const [resolution, setResolution] = useState(complaint.resolution ?? '');
  const answer = useMutation({
    mutationFn: () => staffCalls().answerComplaint({ complaintId: complaint.id, status, resolution: resolution.trim() || undefined }),
    onSuccess: () => {
      showToast({ kind: 'success', text: t('staff.complaints.saved') });
      setOpen(false);
      void client.invalidateQueries({ queryKey: ['staff', 'complaints'] });
    },
    onError: (error) => notifyCallFailure('staff', error),
  });
  const id = `complaint-${complaint.id}`;
  return (
    <li className="staff-complaint" aria-labelledby={`${id}-title`}>
      <p className="staff-requests__meta" id={`${id}-title`}>
        <LocalLink to={`/staff/orders/${complaint.orderId}`}>{t('staff.complaints.order', { number: complaint.orderNumber })}</LocalLink>
        {' · '}
        {complaint.clientName}
        {' · '}
        {t('staff.complaints.by', { author: complaint.authorName, date: formatDate(complaint.createdAt) })}
        {' · '}
        <strong>{t(`requestStatus.${complaint.status}`)}</strong>
      </p>
      <p className="staff-requests__message">{complaint.text}</p>
      <p className="staff-muted">
        {complaint.resolution ? t('staff.complaints.answered', { text: complaint.resolution }) : t('staff.complaints.noAnswer')}
      </p>
      {open ? (
        <form
          className="staff-dialog"
          onSubmit={(event) => {
            event.preventDefault();
            answer.mutate();
          }}
        >
          <RequestStatusField label={t('staff.complaints.status')} value={status} onChange={setStatus} />
          <TextAreaField label={t('staff.complaints.resolution')} controlClassName="" value={resolution} onValueChange={setResolution} />
          <div className="staff-actions">
            <Button type="submit" busy={answer.isPending}>
              {t('staff.complaints.save')}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('staff.check.close')}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('staff.complaints.answer')}
        </Button>
      )}
    </li>
  );
}
