import { Redirect } from 'wouter';
import { formatPrice } from '../../../services/format';
import { localizePath, useLocale, useT } from '../../../services/i18n';
import { staffAbilities, staffHome } from '../../../services/staff/staff-roles';
import { useStaffSession } from '../../../services/staff/staff-session';
import { waitingWords } from '../../../services/staff/staff-format';
import { LocalLink } from '../../components/local-link';
import { DataTable } from '../../components/ui/data-table';
import { LoadState } from '../../components/ui/load-state';
import { retryQuery, useCheckQueue } from './api/staff-queries';

/** /staff: the engineering desk, the orders held at the check, the longest waiting first (the gateway's order). */
export default function StaffQueuePage() {
  const t = useT();
  const locale = useLocale();
  const role = useStaffSession()?.member.role ?? 'engineer';
  const open = staffAbilities(role).queue;
  const queue = useCheckQueue(open);
  if (!open) return <Redirect to={localizePath(staffHome(role), locale)} replace />;
  const items = queue.data;
  const columns = [
    t('staff.queue.number'), t('staff.queue.client'), t('staff.queue.reason'), t('staff.queue.waiting'), t('staff.queue.board'),
    { label: t('staff.queue.total'), className: 'staff-table__number' }, t('staff.queue.claim'),
  ];
  return (
    <section className="staff-page" aria-labelledby="staff-queue-heading">
      <h1 id="staff-queue-heading">{t('staff.queue.heading')}</h1>
      <p className="staff-page__lead">{items ? t('staff.queue.count', { count: items.length }) : t('staff.queue.lead')}</p>
      <LoadState
        items={items}
        failed={queue.isError && !items}
        failedText={t('staff.queue.failed')}
        retry={retryQuery(t, queue)}
        skeletonRows={5}
        empty={<p className="staff-empty" role="status">{t('staff.queue.empty')}</p>}
      >
        {(rows) => (
          <DataTable className="staff-table staff-queue" caption={t('staff.queue.lead')} columns={columns} rows={rows}>
            {(item) => (
              <tr key={item.orderId} data-order-id={item.orderId}>
                <th scope="row"><LocalLink to={`/staff/orders/${item.orderId}`}>{item.number}</LocalLink></th>
                <td>{item.clientName}</td>
                <td><span className={`staff-reason staff-reason--${item.reason}`}>{t(`staff.queue.reasons.${item.reason}`)}</span></td>
                <td>{waitingWords(item.waitingSince)}</td>
                <td>
                  {item.firstLineTitle}
                  {item.lineCount > 1 ? <span className="staff-muted"> · {t('staff.queue.lines', { count: item.lineCount })}</span> : null}
                </td>
                <td className="staff-table__number">{formatPrice(item.total)}</td>
                <td>{item.claim ? item.claim.name : <span className="staff-muted">{t('staff.queue.free')}</span>}</td>
              </tr>
            )}
          </DataTable>
        )}
      </LoadState>
    </section>
  );
}
