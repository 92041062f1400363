import type { Order } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import { InvoiceSummary } from '../../components/invoice/invoice-summary';
import { Button } from '../../components/ui/button';
import { useDownloadDocument } from './api/staff-mutations';
import { OrderPanel } from '../orders/order-panel';

/** The order's invoice (number, amount, paid or not) and its УПД once shipped, as the manager keeps track of payment. */
export function StaffDocuments({ order }: { order: Order }) {
  const t = useT();
  const download = useDownloadDocument();
  const { invoice } = order;
  const busy = (url: string) => download.isPending && download.variables.url === url;
  return (
    <OrderPanel id="staff-documents-title" title={t('orders.documents.title')}>
      {invoice === null ? <p className="order-panel__empty">{t('staff.order.noInvoice')}</p> : (
        <div className="order-invoice" data-invoice-id={invoice.id}>
          <InvoiceSummary invoice={invoice} />
          <div className="order-invoice__buttons">
            <Button variant="secondary" busy={busy(invoice.pdfUrl)} onClick={() => download.mutate({ url: invoice.pdfUrl, number: invoice.number })}>
              {t('orders.documents.download')}
            </Button>
            {invoice.transfer ? (
              <Button
                variant="secondary"
                busy={busy(invoice.transfer.pdfUrl)}
                onClick={() => invoice.transfer && download.mutate({ url: invoice.transfer.pdfUrl, number: invoice.transfer.number })}
              >
                {t('orders.documents.transferDownload')}
              </Button>
            ) : null}
          </div>
        </div>
      )}
    </OrderPanel>
  );
}
