import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { create } from 'superstruct';
import { invoicesList } from '../../src/contract/invoices';
import { demoUser, tokenOf } from './support';
import { test } from './support/test';

/**
 * The documents an accountant books, as the customer downloads them — the invoice and the УПД of the demo
 * client's shipped order — drawn page by page in Chromium with pdf.js into PNGs under .tmp/screens/s40-i32, to be
 * looked at; each is one A4 page (the УПД landscape) saying what it is.
 */
const SCREENS = '.tmp/screens/s40-i32';
const PDFJS = 'node_modules/pdfjs-dist/build';

async function pdfOf(request: APIRequestContext, token: string, url: string): Promise<Buffer> {
  const answer = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status(), url).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  return answer.body();
}

test('the shipped order\'s invoice and УПД are one A4 page each, and are drawn to PNG to be looked at', async ({ page, request }) => {
  mkdirSync(SCREENS, { recursive: true });
  const token = await tokenOf(request, demoUser);
  const answer = await request.post(`/api${invoicesList.path}`, {
    headers: { Authorization: `Bearer ${token}` }, data: { pagination: { page: 1, itemsOnPage: 50 } },
  });
  const invoices = create(await answer.json(), invoicesList.response);
  const shipped = invoices.find((invoice) => invoice.transferPdfUrl !== null);
  if (!shipped?.transferPdfUrl) throw new Error('the demo data has no shipped order with a УПД');
  const documents = {
    invoice: await pdfOf(request, token, shipped.pdfUrl),
    transfer: await pdfOf(request, token, shipped.transferPdfUrl),
  };

  // pdf.js from the app's own dependency, served beside an empty page so Chromium loads it as a module.
  await page.route('**/pdfjs/**', (route) => route.fulfill({
    contentType: 'text/javascript', body: readFileSync(`${PDFJS}/${route.request().url().split('/pdfjs/')[1] ?? ''}`),
  }));
  await page.route('**/render.html', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><body style="margin:0"></body>' }));
  await page.goto('/render.html');
  for (const [name, bytes] of Object.entries(documents)) {
    const drawn = await page.evaluate(async ({ base64, module }) => {
      const pdfjs = await import(module) as typeof import('pdfjs-dist');
      pdfjs.GlobalWorkerOptions.workerSrc = '/pdfjs/pdf.worker.mjs';
      const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const document = await pdfjs.getDocument({ data }).promise;
      const first = await document.getPage(1);
      const viewport = first.getViewport({ scale: 2 });
      const canvas = Object.assign(window.document.createElement('canvas'), { width: viewport.width, height: viewport.height });
      window.document.body.replaceChildren(canvas);
      await first.render({ canvas, viewport }).promise;
      const text = (await first.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
      return { pages: document.numPages, size: first.view.map(Math.round), text };
    }, { base64: bytes.toString('base64'), module: '/pdfjs/pdf.mjs' });
    expect(drawn.pages, name).toBe(1);
    expect(drawn.size, name).toEqual(name === 'transfer' ? [0, 0, 842, 595] : [0, 0, 595, 842]);
    expect(drawn.text).toContain(name === 'transfer' ? 'Универсальный передаточный документ' : 'Счёт на оплату');
    await page.locator('canvas').screenshot({ path: `${SCREENS}/${name}-page1.png` });
  }
});
