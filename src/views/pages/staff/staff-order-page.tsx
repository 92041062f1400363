import { useT } from '../../../services/i18n';
import { staffAbilities } from '../../../services/staff/staff-roles';
import { useStaffSession } from '../../../services/staff/staff-session';
import { EntityNotFound } from '../../components/entity-not-found';
import { RetryNote } from '../../components/ui/retry-note';
import { Skeleton } from '../../components/ui/skeleton';
import { isNotFound } from '../../data/query-client';
import { OrderHistory } from '../orders/order-history';
import { useDocumentTitle } from '../../components/use-document-title';
import { useStaffOrder } from './api/staff-queries';
import { StaffCheckActions } from './staff-check-actions';
import { StaffClaim } from './staff-claim';
import { StaffDocuments } from './staff-documents';
import { StaffMoves } from './staff-moves';
import { StaffOrderHeader } from './staff-order-header';
import { StaffOrderLines } from './staff-order-lines';
import { StaffRequests } from './staff-requests';
import '../orders/orders.css';

/** /staff/orders/:id: the order as staff read it, with what the member's role may do to it. */
export default function StaffOrderPage({ params }: { title: string; params: Record<string, string | undefined> }) {
  const id = Number(params.id);
  return <StaffOrderView key={id} id={id} />;
}

function StaffOrderView({ id }: { id: number }) {
  const t = useT();
  const member = useStaffSession()?.member;
  const { data, error, isError, refetch } = useStaffOrder(id);
  useDocumentTitle(data ? t('staff.order.title', { number: data.order.number }) : t('pages.staffOrder.title'));
  if (isNotFound(error)) {
    return <EntityNotFound title={t('staff.order.notFound')} text={t('staff.order.notFoundText')} back={{ to: '/staff', label: t('staff.order.toQueue') }} />;
  }
  if (!data || !member) {
    return (
      <section className="staff-page">
        <h1>{t('staff.order.loading')}</h1>
        {isError ? (
          <RetryNote text={t('staff.order.failed')} retryLabel={t('staff.queue.retry')} onRetry={() => void refetch()} look="link" role="alert" />
        ) : <Skeleton rows={6} imageSize={0} />}
      </section>
    );
  }
  const may = staffAbilities(member.role);
  // Released, the order waits for a manager's approval: the check has nothing left to do with it.
  const atCheck = data.order.status === 'on_check' && data.checkReason !== null;
  return (
    <div className="staff-page staff-order">
      <StaffOrderHeader staffOrder={data} />
      {may.check && atCheck ? (
        <div className="staff-order__desk">
          <StaffClaim orderId={id} claim={data.claim} me={member.id} />
          <StaffCheckActions staffOrder={data} />
        </div>
      ) : null}
      {may.moves ? <StaffMoves order={data.order} /> : null}
      <StaffRequests staffOrder={data} />
      {may.moves ? <StaffDocuments order={data.order} /> : null}
      <StaffOrderLines staffOrder={data} />
      <OrderHistory history={data.order.history} />
    </div>
  );
}
