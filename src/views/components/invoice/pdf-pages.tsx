import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../services/i18n';
import { Skeleton } from '../ui/skeleton';
import { loadPdfJs } from './load-pdfjs';

type Rendering = 'rendering' | 'rendered' | 'failed';

/** Width the pages are drawn at when the box has none yet (a modal still opening), CSS px. */
const FALLBACK_WIDTH = 820;

/**
 * The pages of a PDF drawn by pdf.js, one canvas each, as wide as the box (sharp on high-density screens). The
 * canvases are added outside React's tree: pdf.js draws into them as pages arrive.
 */
export function PdfPages({ data, label }: { data: Blob; label: string }) {
  const t = useT();
  const sheets = useRef<HTMLDivElement>(null);
  const [rendering, setRendering] = useState<Rendering>('rendering');

  useEffect(() => {
    const box = sheets.current;
    if (!box) return undefined;
    let live = true;
    let destroy: (() => Promise<void>) | null = null;
    const draw = async () => {
      const pdfjs = await loadPdfJs();
      const task = pdfjs.getDocument({ data: new Uint8Array(await data.arrayBuffer()), isEvalSupported: false });
      destroy = () => task.destroy();
      const document = await task.promise;
      const width = box.clientWidth || FALLBACK_WIDTH;
      const density = Math.min(window.devicePixelRatio || 1, 2);
      for (let number = 1; number <= document.numPages && live; number += 1) {
        const page = await document.getPage(number);
        const viewport = page.getViewport({ scale: (width / page.getViewport({ scale: 1 }).width) * density });
        const canvas = box.ownerDocument.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.className = 'pdf-pages__sheet';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', t('invoices.viewer.page', { page: number, total: document.numPages }));
        await page.render({ canvas, viewport }).promise;
        if (live) box.append(canvas);
      }
    };
    draw().then(
      () => live && setRendering('rendered'),
      (error: unknown) => {
        if (!live) return;
        console.error('[invoices] PDF not drawn', error);
        setRendering('failed');
      },
    );
    return () => {
      live = false;
      void destroy?.();
      box.replaceChildren();
    };
  }, [data, t]);

  return (
    <div className="pdf-pages" role="group" aria-label={label} aria-busy={rendering === 'rendering' || undefined}>
      {rendering === 'rendering' ? <Skeleton rows={6} imageSize={0} className="pdf-pages__loading" /> : null}
      {rendering === 'failed' ? <p className="pdf-pages__failed" role="alert">{t('invoices.viewer.renderFailed')}</p> : null}
      <div ref={sheets} className="pdf-pages__sheets" />
    </div>
  );
}
