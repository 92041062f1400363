import { EXPORT_FORMATS, ordersExportUrl } from '../../../contract/exports';
import { ORDER_FILTER_CODES, ORDER_SORT_CODES, type OrderSummary } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import { useInvoiceDownload } from '../../components/invoice/api/download-invoice';
import { useListQuery, type ListActor } from '../../components/paged-list/paged-list';
import { Button } from '../../components/ui/button';

/** 'CSV' and 'XLSX': the orders the list shows (its tab's filters, search and sort), saved with the session's token. */
export function OrdersExport({ list }: { list: ListActor<OrderSummary> }) {
  const t = useT();
  const query = useListQuery(list);
  const { download } = useInvoiceDownload();
  const filter = ORDER_FILTER_CODES.filter((code) => query.filters?.includes(code));
  return (
    <div className="orders-toolbar__export" role="group" aria-label={t('orders.list.exportLabel')}>
      {EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          variant="secondary"
          aria-label={t(format === 'csv' ? 'orders.list.exportCsvLabel' : 'orders.list.exportXlsxLabel')}
          onClick={() => download({
            number: format,
            pdfUrl: ordersExportUrl(format, {
              search: query.search, filter: filter.length > 0 ? filter : undefined,
              sort: ORDER_SORT_CODES.find((code) => code === query.sort?.code), orderBy: query.sort?.orderBy,
            }),
            fileName: `${t('orders.list.exportFile')}.${format}`,
            failedText: t('orders.list.exportFailed'),
          })}
        >
          {t(format === 'csv' ? 'orders.list.exportCsv' : 'orders.list.exportXlsx')}
        </Button>
      ))}
    </div>
  );
}
