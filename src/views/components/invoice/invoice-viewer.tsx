import { invoiceFileName } from '../../../services/invoices';
import { saveFile } from '../../../services/invoice-files';
import { useT } from '../../../services/i18n';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import { Modal } from '../ui/modal';
import { Skeleton } from '../ui/skeleton';
import { PdfPages } from './pdf-pages';
import { useSignedInFile } from './use-signed-in-file';
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
  const { file, retry } = useSignedInFile(invoice.pdfUrl);
  return (
    <div className="invoice-viewer__body">
      <div className="invoice-viewer__pages">
        {file.status === 'loading' ? (
          <div className="invoice-viewer__loading">
            <Skeleton rows={6} imageSize={0} />
            <p className="invoice-viewer__note">{t('invoices.viewer.loading')}</p>
          </div>
        ) : null}
        {file.status === 'failed' ? (
          <div className="invoice-viewer__failed" role="alert">
            <Icon name="failure" size={28} />
            <p>{t(file.notFound ? 'invoices.viewer.notFound' : 'invoices.viewer.failed')}</p>
            {file.notFound ? null : <Button variant="secondary" onClick={retry}>{t('invoices.viewer.retry')}</Button>}
          </div>
        ) : null}
        {file.status === 'loaded' ? <PdfPages data={file.blob} label={t('invoices.viewer.pagesLabel', { number: invoice.number })} /> : null}
      </div>
      <footer className="ui-modal__footer">
        <Button
          disabled={file.status !== 'loaded'}
          onClick={() => {
            if (file.status === 'loaded') saveFile(file.blob, invoiceFileName(invoice.number));
          }}
        >
          {t('invoices.viewer.download')}
        </Button>
      </footer>
    </div>
  );
}
