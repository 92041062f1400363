import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyCallFailure } from '../../../../services/call-failure';
import { useT, t as text } from '../../../../services/i18n';
import { auditExportUrl, staffAdminCalls, type AuditQuery } from '../../../../services/staff/staff-admin-calls';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { AdminOnly } from './admin-only';
import { AuditEntryRow } from './audit-entry';
import { AuditFilters, EMPTY_FILTERS, queryOf, type AuditFilterValues } from './audit-filters';
import { saveStaffFile } from '../api/staff-files';
import { retryQuery } from '../api/staff-queries';

/** /staff/audit: who did what and when, newest first, filtered, paged with 'more' and exported as a table. */
export default function StaffAuditPage() {
  return <AdminOnly><AuditDesk /></AdminOnly>;
}

/** The export: the same filters, read with the staff token and saved as a file. */
function exportAudit(query: AuditQuery): Promise<void> {
  return saveStaffFile(staffAdminCalls().file(auditExportUrl(query)), `${text('staff.audit.exportFile')}.csv`, () => text('staff.audit.exportFailed'));
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
        <Button variant="secondary" busy={download.isPending} onClick={() => download.mutate(query)}>
          {t('staff.audit.export')}
        </Button>
      </div>
      <LoadState
        items={entries}
        failed={log.isError && !entries}
        failedText={t('staff.audit.failed')}
        retry={retryQuery(t, log)}
        skeletonRows={5}
        empty={
          <p className="staff-empty" role="status">
            {t('staff.audit.empty')}
          </p>
        }
      >
        {(items) => (
          <DataTable
            className="staff-table staff-audit"
            columns={[t('staff.audit.at'), t('staff.audit.actor'), t('staff.audit.action'), t('staff.audit.target'), t('staff.audit.change')]}
            rows={items}
          >
            {(entry) => <AuditEntryRow key={entry.id} entry={entry} />}
          </DataTable>
        )}
      </LoadState>
      {log.hasNextPage ? (
        <Button variant="secondary" className="staff-more" busy={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {t('staff.audit.more')}
        </Button>
      ) : null}
    </section>
  );
}
