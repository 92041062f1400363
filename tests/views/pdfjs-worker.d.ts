/** The Node build of pdf.js's worker, loaded into the page by the invoice viewer tests (it ships no types). */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs';
