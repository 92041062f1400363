import { invoiceFileName } from '../../../services/invoices';
import { saveFile } from '../../../services/invoice-files';
import { useT } from '../../../services/i18n';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import { Modal } from '../ui/modal';
import { Skeleton } from '../ui/skeleton';
import { isNotFound } from '../../data/query-client';
import { useSignedInFile } from './api/get-signed-in-file';
import { PdfPages } from './pdf-pages';
import './invoice.css';

export interface InvoiceViewerProps {
  /** The invoice to show; the viewer is open while it is non-null. */
  invoice: { number: string; pdfUrl: string } | null;
  onClose(): void;
}

/** The invoice PDF in a modal: fetched with the session's token, drawn page by page, and saved with 'Скачать PDF'. */
export function InvoiceViewer({ invoice, onClose }: InvoiceViewerProps) {
  const t = useT();
  return (
    <Modal
      open={invoice !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={invoice ? t('invoices.viewer.title', { number: invoice.number }) : ''}
      width={920}
      className="invoice-viewer"
    >
      {/* Keyed by the file: another invoice starts from loading, never shows the previous one's pages. */}
      {invoice ? <InvoiceDocument key={invoice.pdfUrl} invoice={invoice} /> : null}
    </Modal>
  );
}

export default InvoiceViewer;

function InvoiceDocument({ invoice }: { invoice: { number: string; pdfUrl: string } }) {
  const t = useT();
  const { data: blob, error, isPending, refetch } = useSignedInFile(invoice.pdfUrl);
  const notFound = isNotFound(error);
  return (
    <div className="invoice-viewer__body">
      <div className="invoice-viewer__pages">
        {isPending ? (
          <div className="invoice-viewer__loading">
            <Skeleton rows={6} imageSize={0} />
            <p className="invoice-viewer__note">{t('invoices.viewer.loading')}</p>
          </div>
        ) : null}
        {!blob && error ? (
          <div className="invoice-viewer__failed" role="alert">
            <Icon name="failure" size={28} />
            <p>{t(notFound ? 'invoices.viewer.notFound' : 'invoices.viewer.failed')}</p>
            {notFound ? null : <Button variant="secondary" onClick={() => void refetch()}>{t('invoices.viewer.retry')}</Button>}
          </div>
        ) : null}
        {blob ? <PdfPages data={blob} label={t('invoices.viewer.pagesLabel', { number: invoice.number })} /> : null}
      </div>
      <footer className="ui-modal__footer">
        <Button
          disabled={!blob}
          onClick={() => {
            if (blob) saveFile(blob, invoiceFileName(invoice.number));
          }}
        >
          {t('invoices.viewer.download')}
        </Button>
      </footer>
    </div>
  );
}
