import { ordersExportUrl } from '../../../contract/exports';
import { ExportButtons } from '../../components/export-buttons';
import { ORDER_FILTER_CODES, ORDER_SORT_CODES, type OrderSummary } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import { useInvoiceDownload } from '../../components/invoice/api/download-invoice';
import { useListQuery, type ListActor } from '../../components/paged-list/paged-list';

/** 'CSV' and 'XLSX': the orders the list shows (its tab's filters, search and sort), saved with the session's token. */
export function OrdersExport({ list }: { list: ListActor<OrderSummary> }) {
  const t = useT();
  const query = useListQuery(list);
  const { download } = useInvoiceDownload();
  const filter = ORDER_FILTER_CODES.filter((code) => query.filters?.includes(code));
  return (
    <ExportButtons
      className="orders-toolbar__export"
      texts={{
        group: t('orders.list.exportLabel'),
        csv: t('orders.list.exportCsv'),
        csvLabel: t('orders.list.exportCsvLabel'),
        xlsx: t('orders.list.exportXlsx'),
        xlsxLabel: t('orders.list.exportXlsxLabel'),
      }}
      onExport={(format) =>
        download({
          number: format,
          pdfUrl: ordersExportUrl(format, {
            search: query.search,
            filter: filter.length > 0 ? filter : undefined,
            sort: ORDER_SORT_CODES.find((code) => code === query.sort?.code),
            orderBy: query.sort?.orderBy,
          }),
          fileName: `${t('orders.list.exportFile')}.${format}`,
          failedText: t('orders.list.exportFailed'),
        })
      }
    />
  );
}
