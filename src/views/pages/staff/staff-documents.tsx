import { VAT_PERCENT, type Order } from '../../../contract/orders';
import { formatDate, formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { Button } from '../../components/ui/button';
import { useDownloadDocument } from './api/staff-mutations';

/** The order's invoice (number, amount, paid or not) and its УПД once shipped, as the manager keeps track of payment. */
export function StaffDocuments({ order }: { order: Order }) {
  const t = useT();
  const download = useDownloadDocument();
  const { invoice } = order;
  const busy = (url: string) => download.isPending && download.variables.url === url;
  return (
    <section className="order-panel" aria-labelledby="staff-documents-title">
      <h2 className="order-panel__title" id="staff-documents-title">{t('orders.documents.title')}</h2>
      {invoice === null ? <p className="order-panel__empty">{t('staff.order.noInvoice')}</p> : (
        <div className="order-invoice" data-invoice-id={invoice.id}>
          <div className="order-invoice__main">
            <p className="order-invoice__name">{t('orders.documents.invoice', { number: invoice.number, date: formatDate(invoice.issuedAt) })}</p>
            <p className="order-invoice__amount">
              {formatPrice(invoice.amount)}
              <span className="order-invoice__vat">{t('orders.documents.vat', { percent: VAT_PERCENT, vat: formatPrice(invoice.vat) })}</span>
            </p>
            <span className={`order-invoice__paid order-invoice__paid--${invoice.paidAt ? 'yes' : 'no'}`}>
              {invoice.paidAt ? t('orders.documents.paid', { date: formatDate(invoice.paidAt) }) : t('orders.documents.unpaid')}
            </span>
          </div>
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
    </section>
  );
}
