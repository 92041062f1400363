import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type PdfJs = typeof import('pdfjs-dist');

let loading: Promise<PdfJs> | null = null;

/**
 * pdf.js (about 400 kB) arrives the first time a PDF is shown, not with the pages that only list invoices. Its
 * worker is a file of its own that Vite copies to the build and names here.
 */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist').then(
    (pdfjs) => {
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      return pdfjs;
    },
    (error: unknown) => {
      // Offline while the chunk loads: the next opening tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}
