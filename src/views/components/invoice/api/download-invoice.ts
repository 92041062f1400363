import { useMutation } from '@tanstack/react-query';
import { t } from '../../../../services/i18n';
import { invoiceFileName } from '../../../../services/invoices';
import { fetchSignedInFile, saveFile } from '../../../../services/invoice-files';
import { showToast } from '../../../../services/toasts';
import { usePendingOf } from '../../../data/pending';

interface DownloadableInvoice {
  number: string;
  pdfUrl: string;
  /** The saved file's name when it is not the invoice's own (a УПД, an export). */
  fileName?: string;
  /** What the toast says when it fails, if not 'could not download invoice No. …'. */
  failedText?: string;
}

const INVOICE_DOWNLOAD = ['invoices', 'download'] as const;

/** 'Скачать' on a list line: the PDF fetched with the token and saved under the invoice's number; busy per file. */
export function useInvoiceDownload() {
  const download = useMutation({
    mutationKey: INVOICE_DOWNLOAD,
    mutationFn: async (invoice: DownloadableInvoice) => saveFile(await fetchSignedInFile(invoice.pdfUrl), invoice.fileName ?? invoiceFileName(invoice.number)),
    onError: (error, invoice) => {
      console.error('[invoices] download failed', error);
      showToast({ kind: 'error', text: invoice.failedText ?? t('invoices.downloadFailed', { number: invoice.number }) });
    },
  });
  const busy = usePendingOf(INVOICE_DOWNLOAD, (invoice: DownloadableInvoice) => invoice.pdfUrl);
  return { busy, download: download.mutate };
}
