import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { corpusBoard } from '../../../scripts/gerber-corpus';
import { defaultParams } from '../../../src/contract/board';
import { corporateRequisites } from '../support';

// What a walk's customer is given through the gateway before the page is opened: clients with payers, contacts and
// addresses, and processed board files. The account pages and the upload have tests of their own.

/** Browser-test tokens live 6 s: each call of a setup signs in again. */
export type TokenSource = () => Promise<string>;

export async function call(request: APIRequestContext, token: TokenSource, path: string, data: unknown): Promise<Record<string, unknown>> {
  const answer = await request.post(`/api${path}`, { data, headers: { Authorization: `Bearer ${await token()}` } });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as Record<string, unknown>;
}

/** A client with two payers (none taken for the user), one contact and a default courier address, as the sample data. */
export async function newClient(request: APIRequestContext, token: TokenSource, name: string, bare: boolean): Promise<number> {
  const client = await call(request, token, '/account/Clients/Create', {
    name, fullName: name, firstName: 'Ольга', lastName: 'Путева', middleName: '', siteUrl: '', accessibleThroughAdmin: false,
    avatarUrl: null, activityId: null, regionId: null, countryId: null, officeId: null, clientType: 'individual',
  });
  const clientId = Number(client.id);
  if (bare) return clientId;
  for (const payerName of ['ООО «Путь»', 'ООО «Путь — Север»']) {
    await call(request, token, '/account/Counteragents/Create', {
      clientId, legalForm: 'ooo', name: payerName, ...corporateRequisites(), legalAddress: 'Москва, ул. Вавилова, д. 19',
      bik: '044525225', bankName: 'ПАО Сбербанк', settlementAccount: '40702810938000000001', correspondentAccount: '30101810400000000225',
    });
  }
  await call(request, token, '/account/Contacts/Create', {
    clientId, firstName: 'Анна', lastName: 'Смирнова', middleName: '', position: '', phone: null, email: 'anna.smirnova@example.ru', comment: '',
  });
  await call(request, token, '/account/Delivery/Create', {
    clientId, kind: 'express_post', name: 'Офис', endpointId: null, divisionId: null, address: 'Москва, ул. Профсоюзная, д. 65',
    postalCode: '', recipientName: 'Соколова Анна', recipientPhone: null, comment: '', isDefault: true,
  });
  return clientId;
}

/**
 * The project's files through the gateway's upload, processed (DFM included: the cart waits for it) before the project
 * is saved with them. OtterPill by default; a walk that orders the board takes one without DFM errors, since those
 * block ordering as is.
 */
export async function uploadedBoard(
  request: APIRequestContext, token: TokenSource, clientId: number, name = 'kicad5-2l-otterpill',
): Promise<string> {
  const board = corpusBoard(name);
  const answer = await request.post(`/api/board-files/Upload?${new URLSearchParams({ clientId: String(clientId), fileName: board.uploadName })}`, {
    data: Buffer.from(board.upload), headers: { Authorization: `Bearer ${await token()}`, 'content-type': 'application/octet-stream' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const uploadId = ((await answer.json()) as { uploadId: string }).uploadId;
  await expect.poll(async () => {
    const state = await request.get(`/api/board-files/Get?uploadId=${uploadId}`, { headers: { Authorization: `Bearer ${await token()}` } });
    const { status, analysis } = (await state.json()) as { status: string; analysis: { dfmStatus?: string } | null };
    return status === 'done' && analysis?.dfmStatus === 'running' ? 'dfm running' : status;
  }, { timeout: 30_000 }).toBe('done');
  return uploadId;
}

/** A project ready to order (a default board), with the upload's files or entered by hand. */
export async function newProject(request: APIRequestContext, token: TokenSource, clientId: number, uploadId: string | null): Promise<number> {
  const project = await call(request, token, '/catalog-viewer/v2/projects/Create', {
    clientId, title: `Плата пути ${clientId}`, params: defaultParams('pcb'), uploadId, status: 'actual',
  });
  return Number(project.id);
}

/** The checkout's first three steps with newClient's payer, contact and address; `next` is the page's 'Далее' / 'Next'. */
export async function checkoutWithSampleClient(page: Page, next: string): Promise<void> {
  await page.getByRole('radio', { name: /ООО «Путь»/ }).first().check();
  await page.getByRole('button', { name: next }).click();
  await page.getByRole('radio', { name: /Смирнова Анна/ }).check();
  await page.getByRole('button', { name: next }).click();
  await page.getByRole('radio', { name: /Офис/ }).check();
  await page.getByRole('button', { name: next }).click();
}
