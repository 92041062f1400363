import type { InvoiceSummary } from '../../../contract/invoices';
import { formatDate, formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { MenuIcon } from '../../components/shell/menu-icon';
import { Button } from '../../components/ui/button';

interface InvoiceItemProps {
  invoice: InvoiceSummary;
  downloading: boolean;
  transferDownloading: boolean;
  onOpen: (invoice: InvoiceSummary) => void;
  onDownload: (invoice: InvoiceSummary) => void;
  /** Saves the УПД of a shipped order's invoice. */
  onDownloadTransfer: (invoice: InvoiceSummary) => void;
}

/** One invoice: number and date, its order, the payer with INN, amount with VAT, paid or not, open and download, its УПД once shipped. */
export function InvoiceItem({ invoice, downloading, transferDownloading, onOpen, onDownload, onDownloadTransfer }: InvoiceItemProps) {
  const t = useT();
  return (
    <div className="list-line list-line--with-icon" data-invoice-id={invoice.id}>
      <span className="list-line__icon" aria-hidden="true">
        <MenuIcon code="invoices" size={20} />
      </span>
      <div className="list-line__main">
        <div className="list-line__head">
          <span className="list-line__title">{t('invoices.item.number', { number: invoice.number })}</span>
          {invoice.paidAt ? (
            <span className="list-badge list-badge--success">{t('invoices.item.paid', { date: formatDate(invoice.paidAt) })}</span>
          ) : (
            <span className="list-badge list-badge--warning">{t('invoices.item.unpaid')}</span>
          )}
        </div>
        <div className="list-line__meta">
          <span>{t('invoices.item.issued', { date: formatDate(invoice.issuedAt) })}</span>
          <LocalLink to={`/orders/${invoice.orderId}`}>{t('invoices.item.order', { number: invoice.orderNumber })}</LocalLink>
          <span>{t('invoices.item.payer', { name: invoice.payerName, inn: invoice.payerInn })}</span>
        </div>
      </div>
      <div className="list-line__sum">
        <span className="list-line__amount">{formatPrice(invoice.amount)}</span>
        <span className="list-line__vat">{t('invoices.item.vat', { vat: formatPrice(invoice.vat) })}</span>
      </div>
      <div className="list-line__tools">
        <Button variant="secondary" onClick={() => onOpen(invoice)} aria-label={t('invoices.item.openLabel', { number: invoice.number })}>
          {t('invoices.item.open')}
        </Button>
        <Button
          variant="link"
          busy={downloading}
          onClick={() => onDownload(invoice)}
          aria-label={t('invoices.item.downloadLabel', { number: invoice.number })}
        >
          {t('invoices.item.download')}
        </Button>
        {invoice.transferPdfUrl ? (
          <Button
            variant="link"
            busy={transferDownloading}
            onClick={() => onDownloadTransfer(invoice)}
            aria-label={t('invoices.item.transferLabel', { number: invoice.number })}
          >
            {t('invoices.item.transfer')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
