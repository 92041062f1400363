import { useState } from 'react';
import { invoiceFileName } from '../../../services/invoices';
import { fetchSignedInFile, saveFile } from '../../../services/invoice-files';
import { useT } from '../../../services/i18n';
import { showToast } from '../../../services/toasts';

interface DownloadableInvoice {
  number: string;
  pdfUrl: string;
}

/** 'Скачать' on a list line: the PDF fetched with the token and saved under the invoice's number; busy per file. */
export function useInvoiceDownload() {
  const t = useT();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const download = async (invoice: DownloadableInvoice) => {
    setBusy((current) => new Set(current).add(invoice.pdfUrl));
    try {
      saveFile(await fetchSignedInFile(invoice.pdfUrl), invoiceFileName(invoice.number));
    } catch (error) {
      console.error('[invoices] download failed', error);
      showToast({ kind: 'error', text: t('invoices.downloadFailed', { number: invoice.number }) });
    } finally {
      setBusy((current) => new Set([...current].filter((url) => url !== invoice.pdfUrl)));
    }
  };
  return { busy, download };
}
