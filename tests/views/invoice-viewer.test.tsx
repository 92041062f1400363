// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PDFDocument from 'pdfkit';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { provideSignedInFileFetch, type SignedInFileFetch } from '../../src/services/invoice-files';
import { provideInvoicesCalls } from '../../src/services/invoices';
import { bindSession } from '../../src/services/session';
import { InvoiceViewer } from '../../src/views/components/invoice/invoice-viewer';
import InvoicesPage from '../../src/views/pages/lists/invoices-page';
import { renderWithQueryClient } from './harness-parts';
import { fakeList, invoice, renderListPage } from './lists-harness';
import { projectsSession } from './projects-harness';

/**
 * pdf.js itself (its Node build) reads the PDF; only the drawing is recorded, because jsdom has no canvas to draw
 * on. The drawing is checked in the browser.
 */
const pdf = vi.hoisted(() => ({
  asked: [] as Uint8Array[],
  drawn: [] as { page: number; width: number; height: number; canvas: HTMLCanvasElement }[],
  options: { workerSrc: '' },
}));
vi.mock('pdfjs-dist', async () => {
  const real = await import('pdfjs-dist/legacy/build/pdf.mjs');
  Reflect.set(globalThis, 'pdfjsWorker', await import('pdfjs-dist/legacy/build/pdf.worker.mjs'));
  return {
    GlobalWorkerOptions: pdf.options,
    getDocument: (source: { data: Uint8Array }) => {
      pdf.asked.push(source.data.slice());
      const task = real.getDocument({ data: source.data.slice() });
      return {
        destroy: () => task.destroy(),
        promise: task.promise.then((document) => ({
          numPages: document.numPages,
          getPage: async (number: number) => {
            const page = await document.getPage(number);
            return {
              getViewport: (options: { scale: number }) => page.getViewport(options),
              render: ({ canvas, viewport }: { canvas: HTMLCanvasElement; viewport: { width: number; height: number } }) => {
                pdf.drawn.push({ page: number, width: viewport.width, height: viewport.height, canvas });
                return { promise: Promise.resolve() };
              },
            };
          },
        })),
      };
    },
  };
});

/** A real two-page PDF, as the gateway's invoices are made (pdfkit). */
async function twoPagePdf(): Promise<Uint8Array<ArrayBuffer>> {
  const document = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => document.on('end', () => resolve()));
  document.font('Helvetica').fontSize(14).text('Invoice SCH-2026-00001');
  document.addPage().text('Payer INN 7701234567');
  document.end();
  await ended;
  return Uint8Array.from(Buffer.concat(chunks));
}

let PDF_BYTES = new Uint8Array();
beforeAll(async () => {
  PDF_BYTES = await twoPagePdf();
});

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo.reverse()) step();
  undo = [];
  pdf.asked.length = 0;
  pdf.drawn.length = 0;
  vi.restoreAllMocks();
});

const pdfBlob = () => new Blob([PDF_BYTES], { type: 'application/pdf' });

function serveFiles(answer: SignedInFileFetch) {
  const asked: { url: string; token: string }[] = [];
  undo.push(provideSignedInFileFetch((url, token, signal) => {
    asked.push({ url, token });
    return answer(url, token, signal);
  }));
  const { session } = projectsSession();
  undo.push(() => session.stop(), bindSession(session));
  return { asked, session };
}

function recordDownloads() {
  const saved: { name: string; href: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:saved-${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  return { saved, blobs };
}

function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <InvoiceViewer
      invoice={open ? { number: 'СЧ-2026-00001', pdfUrl: '/files/invoices/1.pdf' } : null}
      onClose={() => {
        onClose();
        setOpen(false);
      }}
    />
  );
}

const openViewer = () => {
  const onClose = vi.fn();
  renderWithQueryClient(<Harness onClose={onClose} />);
  return { onClose, user: userEvent.setup(), dialog: () => within(screen.getByRole('dialog', { name: 'Счёт № СЧ-2026-00001' })) };
};

describe('invoice viewer', () => {
  it('fetches the PDF with the session token, hands its bytes to pdf.js and draws every page into a canvas', async () => {
    const { asked, session } = serveFiles(() => Promise.resolve({ status: 200, blob: pdfBlob() }));
    const { dialog } = openViewer();
    expect(dialog().getByText('Загружаем счёт…')).toBeTruthy();
    expect((dialog().getByRole('button', { name: 'Скачать PDF' }) as HTMLButtonElement).disabled).toBe(true);

    await waitFor(() => expect(dialog().getAllByRole('img', { name: /^Страница \d из 2$/ })).toHaveLength(2));
    const pages = dialog().getAllByRole('img', { name: /^Страница \d из 2$/ });
    expect(pages.map((page) => page.getAttribute('aria-label'))).toEqual(['Страница 1 из 2', 'Страница 2 из 2']);
    expect(asked).toEqual([{ url: '/files/invoices/1.pdf', token: session.getSnapshot().context.token }]);
    expect(pdf.asked).toHaveLength(1);
    expect([...(pdf.asked[0] ?? [])]).toEqual([...PDF_BYTES]);
    expect(new TextDecoder().decode(pdf.asked[0]?.slice(0, 5))).toBe('%PDF-');
    expect(pdf.options.workerSrc).toMatch(/pdf\.worker\.min\.mjs$/);
    // A4 drawn at the box width (820 px without layout in jsdom), each page into the canvas that is shown.
    expect(pdf.drawn.map(({ page, width, height }) => [page, Math.round(width), Math.round(height)])).toEqual([[1, 820, 1160], [2, 820, 1160]]);
    expect(pdf.drawn.map((drawing) => drawing.canvas)).toEqual(pages);
    expect((pages[0] as HTMLCanvasElement).width).toBe(820);
    expect(dialog().queryByText('Загружаем счёт…')).toBeNull();
  });

  it('saves the PDF it has under the invoice number with Скачать PDF, without asking again', async () => {
    const { asked } = serveFiles(() => Promise.resolve({ status: 200, blob: pdfBlob() }));
    const downloads = recordDownloads();
    const { dialog, user } = openViewer();
    await dialog().findAllByRole('img', { name: /^Страница/ });
    await user.click(dialog().getByRole('button', { name: 'Скачать PDF' }));
    expect(downloads.saved).toEqual([{ name: 'СЧ-2026-00001.pdf', href: 'blob:saved-1' }]);
    expect(new Uint8Array(await (downloads.blobs[0] as Blob).arrayBuffer())).toEqual(PDF_BYTES);
    expect(asked).toHaveLength(1);
  });

  it('says the invoice is not there for a 404 (another client’s invoice), with nothing to download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveFiles(() => Promise.resolve({ status: 404, blob: null }));
    const { dialog } = openViewer();
    expect(await dialog().findByText('Счёт не найден или у вас нет к нему доступа.')).toBeTruthy();
    expect(dialog().queryByRole('button', { name: 'Повторить' })).toBeNull();
    expect((dialog().getByRole('button', { name: 'Скачать PDF' }) as HTMLButtonElement).disabled).toBe(true);
    expect(pdf.asked).toHaveLength(0);
  });

  it('offers Повторить when the file did not come, and shows the pages when it does', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempt = 0;
    serveFiles(() => {
      attempt += 1;
      return Promise.resolve(attempt === 1 ? { status: 502, blob: null } : { status: 200, blob: pdfBlob() });
    });
    const { dialog, user } = openViewer();
    expect(await dialog().findByText('Счёт не загрузился. Проверьте соединение и попробуйте ещё раз.')).toBeTruthy();
    expect(errors).toHaveBeenCalled();
    await user.click(dialog().getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(dialog().getAllByRole('img', { name: /^Страница/ })).toHaveLength(2));
    expect(attempt).toBe(2);
  });

  it('still offers the download when pdf.js cannot read the file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveFiles(() => Promise.resolve({ status: 200, blob: new Blob(['not a pdf at all']) }));
    const downloads = recordDownloads();
    const { dialog, user } = openViewer();
    expect(await dialog().findByText('Не удалось показать счёт здесь. Скачайте PDF, чтобы открыть его.')).toBeTruthy();
    await user.click(dialog().getByRole('button', { name: 'Скачать PDF' }));
    expect(downloads.saved.map((file) => file.name)).toEqual(['СЧ-2026-00001.pdf']);
  });

  it('closes with Закрыть and with Escape', async () => {
    serveFiles(() => Promise.resolve({ status: 200, blob: pdfBlob() }));
    const first = openViewer();
    await first.user.click(first.dialog().getByRole('button', { name: 'Закрыть' }));
    expect(first.onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();

    const second = openViewer();
    await second.user.keyboard('{Escape}');
    expect(second.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens from the invoices list with Открыть', async () => {
    serveFiles(() => Promise.resolve({ status: 200, blob: pdfBlob() }));
    const fake = fakeList([invoice(7)], () => true);
    undo.push(provideInvoicesCalls(fake.gateway));
    const { session } = projectsSession();
    undo.push(() => session.stop());
    renderListPage('/invoices', session, <InvoicesPage title="Счета" params={{}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Открыть счёт № СЧ-2026-00007' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Счёт № СЧ-2026-00007' }));
    await waitFor(() => expect(dialog.getAllByRole('img', { name: /^Страница/ })).toHaveLength(2));
  });
});
