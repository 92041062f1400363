import { t } from '../../../../services/i18n';
import { invoiceFileName } from '../../../../services/invoices';
import { useFileDownload } from '../../api/download-file';

interface DownloadableInvoice {
  number: string;
  pdfUrl: string;
  /** The saved file's name when it is not the invoice's own (a УПД). */
  fileName?: string;
}

/** 'Скачать' on a list line: the PDF fetched with the token and saved under the invoice's number; busy per file. */
export function useInvoiceDownload() {
  const { busy, download } = useFileDownload();
  return {
    busy,
    download: (invoice: DownloadableInvoice) => download({
      url: invoice.pdfUrl,
      fileName: invoice.fileName ?? invoiceFileName(invoice.number),
      failedText: t('invoices.downloadFailed', { number: invoice.number }),
    }),
  };
}
