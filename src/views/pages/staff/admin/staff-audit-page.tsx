import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../../services/api';
import { notifyCallFailure } from '../../../../services/call-failure';
import { useT, t as text } from '../../../../services/i18n';
import { saveFile } from '../../../../services/invoice-files';
import { auditExportUrl, staffAdminCalls, type AuditQuery } from '../../../../services/staff/staff-admin-calls';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { AdminOnly } from './admin-only';
import { AuditEntryRow } from './audit-entry';
import { AuditFilters, EMPTY_FILTERS, queryOf, type AuditFilterValues } from './audit-filters';

/** /staff/audit: who did what and when, newest first, filtered, paged with 'more' and exported as a table. */
export default function StaffAuditPage() {
  return <AdminOnly><AuditDesk /></AdminOnly>;
}

/** The export: the same filters, read with the staff token and saved as a file. */
async function exportAudit(query: AuditQuery): Promise<void> {
  const { status, blob } = await staffAdminCalls().file(auditExportUrl(query));
  if (!blob) throw new ApiError(status, text('staff.audit.exportFailed'));
  saveFile(blob, `${text('staff.audit.exportFile')}.csv`);
}

function AuditDesk() {
  const t = useT();
  const [filters, setFilters] = useState<AuditFilterValues>(EMPTY_FILTERS);
  const query = queryOf(filters);
  const log = useInfiniteQuery({
    queryKey: ['staff', 'audit', query],
    queryFn: ({ pageParam, signal }) => staffAdminCalls().audit(query, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBeforeId ?? undefined,
  });
  const download = useMutation({ mutationFn: exportAudit, onError: (error) => notifyCallFailure('staff', error) });
  const entries = log.data?.pages.flatMap((page) => page.entries);
  return (
    <section className="staff-page" aria-labelledby="staff-audit-heading">
      <h1 id="staff-audit-heading">{t('staff.audit.heading')}</h1>
      <div className="staff-toolbar">
        <AuditFilters values={filters} onChange={setFilters} />
        <Button variant="secondary" busy={download.isPending} onClick={() => download.mutate(query)}>{t('staff.audit.export')}</Button>
      </div>
      {log.isError && !entries ? (
        <p role="alert">{t('staff.audit.failed')} <Button variant="link" onClick={() => void log.refetch()}>{t('staff.queue.retry')}</Button></p>
      ) : !entries ? <Skeleton rows={5} imageSize={0} />
        : entries.length === 0 ? <p className="staff-empty" role="status">{t('staff.audit.empty')}</p>
        : (
          <table className="staff-table staff-audit">
            <thead>
              <tr>
                <th scope="col">{t('staff.audit.at')}</th>
                <th scope="col">{t('staff.audit.actor')}</th>
                <th scope="col">{t('staff.audit.action')}</th>
                <th scope="col">{t('staff.audit.target')}</th>
                <th scope="col">{t('staff.audit.change')}</th>
              </tr>
            </thead>
            <tbody>{entries.map((entry) => <AuditEntryRow key={entry.id} entry={entry} />)}</tbody>
          </table>
        )}
      {log.hasNextPage ? (
        <Button variant="secondary" className="staff-more" busy={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>{t('staff.audit.more')}</Button>
      ) : null}
    </section>
  );
}
