import { VAT_PERCENT, type OrderInvoice } from '../../../contract/orders';
import { formatDate, formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';

/** An order's invoice as its page says it: number and date, amount with VAT, paid or not. */
export function InvoiceSummary({ invoice }: { invoice: OrderInvoice }) {
  const t = useT();
  return (
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
  );
}
