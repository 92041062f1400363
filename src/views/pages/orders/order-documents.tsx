import { useState } from 'react';
import type { Order } from '../../../contract/orders';
import { formatDate } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { InvoiceViewer } from '../../components/invoice/invoice-viewer';
import { useInvoiceDownload } from '../../components/invoice/api/download-invoice';
import { InvoiceSummary } from '../../components/invoice/invoice-summary';
import { Button } from '../../components/ui/button';
import { OrderPanel } from './order-panel';

/** The invoice for the accountant: number, date, amount with VAT, paid or not; open it here or save the PDF; the УПД once shipped. */
export function OrderDocuments({ order }: { order: Order }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { busy, download } = useInvoiceDownload();
  const { invoice } = order;
  return (
    <OrderPanel id="order-documents-title" title={t('orders.documents.title')}>
      {invoice === null ? (
        <p className="order-panel__empty">{t('orders.documents.noInvoice')}</p>
      ) : (
        <div className="order-invoice" data-invoice-id={invoice.id}>
          <InvoiceSummary invoice={invoice} />
          <div className="order-invoice__buttons">
            <Button variant="secondary" onClick={() => setOpen(true)}>
              {t('orders.documents.open')}
            </Button>
            <Button variant="secondary" busy={busy.has(invoice.pdfUrl)} onClick={() => download(invoice)}>
              {t('orders.documents.download')}
            </Button>
          </div>
          {invoice.transfer ? (
            <div className="order-invoice__main order-invoice__transfer" data-transfer={invoice.transfer.number}>
              <p className="order-invoice__name">
                {t('orders.documents.transfer', { number: invoice.transfer.number, date: formatDate(invoice.transfer.issuedAt) })}
              </p>
              <p className="order-invoice__hint">{t('orders.documents.transferHint')}</p>
            </div>
          ) : (
            <p className="order-panel__empty">{t('orders.documents.noTransfer')}</p>
          )}
          {invoice.transfer ? (
            <div className="order-invoice__buttons">
              <Button variant="secondary" busy={busy.has(invoice.transfer.pdfUrl)} onClick={() => invoice.transfer && download(invoice.transfer)}>
                {t('orders.documents.transferDownload')}
              </Button>
            </div>
          ) : null}
          <InvoiceViewer invoice={open ? invoice : null} onClose={() => setOpen(false)} />
        </div>
      )}
    </OrderPanel>
  );
}
