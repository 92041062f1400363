import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { invoicesExportUrl, type ExportFormat } from '../../../contract/exports';
import { ExportButtons } from '../../components/export-buttons';
import { INVOICE_SORT_CODES, type InvoiceSummary } from '../../../contract/invoices';
import { useT } from '../../../services/i18n';
import {
  INVOICE_VIEWS, invoiceFileName, invoiceFiltersOf, invoiceListQuery, invoicesListFlow, invoiceViewOfSearch, readInvoiceSort,
  searchOfInvoiceView, type InvoiceView,
} from '../../../services/invoices';
import { EmptyState } from '../../components/empty-state';
import { InvoiceViewer } from '../../components/invoice/invoice-viewer';
import { useInvoiceDownload } from '../../components/invoice/api/download-invoice';
import { useListQuery } from '../../components/paged-list/paged-list';
import { Tabs } from '../../components/ui/tabs';
import { InvoiceItem } from './invoice-item';
import { ListToolbar, sortSelect } from '../../components/list-toolbar/list-toolbar';
import { WindowedList } from './windowed-list';
import { useReplaceSearch } from '../../components/use-list-views';
import { ListsPageHeader } from './lists-page-header';
import './lists.css';

/** /invoices (menu 'Счета'): every invoice of the user's clients; paid or unpaid is kept in `?status=`. */
export default function InvoicesPage({ title }: { title: string; params: Record<string, string | undefined> }) {
  const t = useT();
  const replaceSearch = useReplaceSearch();
  const currentSearch = useSearch();
  const view = invoiceViewOfSearch(currentSearch);
  const list = useActorRef(invoicesListFlow, { input: { query: invoiceListQuery(view, readInvoiceSort()) } });
  useEffect(() => list.send({ type: 'list.filter', filters: invoiceFiltersOf(view) }), [list, view]);
  const query = useListQuery(list);
  const [viewing, setViewing] = useState<InvoiceSummary | null>(null);
  const { busy, download } = useInvoiceDownload();
  // The export carries what the list shows: its tab, search and sort.
  const exportUrl = (format: ExportFormat) => invoicesExportUrl(format, {
    search: query.search, filter: view === 'all' ? undefined : view,
    sort: INVOICE_SORT_CODES.find((code) => code === query.sort?.code), orderBy: query.sort?.orderBy,
  });
  // The list knows the invoice's number, not the УПД's: the file is named after the invoice it closes.
  const downloadTransfer = ({ number, transferPdfUrl }: InvoiceSummary) => {
    if (transferPdfUrl) download({ number, pdfUrl: transferPdfUrl, fileName: invoiceFileName(t('invoices.item.transferFile', { number })) });
  };

  const changeView = (next: InvoiceView) => replaceSearch(searchOfInvoiceView(next, currentSearch));

  return (
    <div className="lists-page">
      <ListsPageHeader title={title} lead={t('invoices.list.lead')}>
        <ExportButtons className="lists-page__actions" exportTexts="invoices.list" urlOf={exportUrl} />
      </ListsPageHeader>
      <Tabs
        tabs={INVOICE_VIEWS.map((id) => ({ id, name: t(`invoices.views.${id}`) }))}
        value={view}
        onValueChange={changeView}
        label={t('invoices.viewsLabel')}
      />
      <section className="lists-page__list" aria-label={title}>
        <ListToolbar
          list={list}
          search={{ label: t('invoices.list.searchLabel'), placeholder: t('invoices.list.searchPlaceholder') }}
          selects={[
            sortSelect(
              t('lists.sortLabel'),
              INVOICE_SORT_CODES,
              ['number'],
              query.sort,
              (sort) => list.send({ type: 'list.sort', sort }),
              (value) => t(`invoices.sort.${value}`),
            ),
          ]}
        />
        <WindowedList<InvoiceSummary>
          list={list}
          label={t('invoices.list.label')}
          itemHeight={84}
          renderItem={(invoice) => (
            <InvoiceItem
              key={invoice.id}
              invoice={invoice}
              downloading={busy.has(invoice.pdfUrl)}
              transferDownloading={invoice.transferPdfUrl !== null && busy.has(invoice.transferPdfUrl)}
              onOpen={setViewing}
              onDownload={download}
              onDownloadTransfer={downloadTransfer}
            />
          )}
          failedText={t('invoices.list.failed')}
          empty={
            query.search !== undefined ? (
              <EmptyState title={t('lists.nothingFound')} text={t('lists.nothingFoundText')} icon="search" />
            ) : (
              <EmptyState
                title={t(`invoices.list.empty.${view}`)}
                text={t('invoices.list.emptyText')}
                action={{ label: t('invoices.list.toOrders'), to: '/orders' }}
              />
            )
          }
        />
      </section>
      <InvoiceViewer invoice={viewing ? { number: viewing.number, pdfUrl: viewing.pdfUrl } : null} onClose={() => setViewing(null)} />
    </div>
  );
}
