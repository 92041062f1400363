import { ordersExportUrl } from '../../../contract/exports';
import { ExportButtons } from '../../components/export-buttons';
import { ORDER_FILTER_CODES, ORDER_SORT_CODES, type OrderSummary } from '../../../contract/orders';
import { useListQuery, type ListActor } from '../../components/paged-list/paged-list';

/** 'CSV' and 'XLSX': the orders the list shows (its tab's filters, search and sort). */
export function OrdersExport({ list }: { list: ListActor<OrderSummary> }) {
  const query = useListQuery(list);
  const filter = ORDER_FILTER_CODES.filter((code) => query.filters?.includes(code));
  return (
    <ExportButtons
      className="orders-toolbar__export"
      exportTexts="orders.list"
      urlOf={(format) => ordersExportUrl(format, {
        search: query.search,
        filter: filter.length > 0 ? filter : undefined,
        sort: ORDER_SORT_CODES.find((code) => code === query.sort?.code),
        orderBy: query.sort?.orderBy,
      })}
    />
  );
}
