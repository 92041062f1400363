import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultParams } from '../../src/contract/board';
import * as boardFiles from '../../src/contract/board-files';
import * as cart from '../../src/contract/cart';
import * as access from '../../src/contract/client-access';
import * as clients from '../../src/contract/clients';
import * as contacts from '../../src/contract/contacts';
import * as payers from '../../src/contract/payers';
import * as counters from '../../src/contract/counters';
import * as delivery from '../../src/contract/delivery-settings';
import * as dev from '../../src/contract/dev';
import * as orders from '../../src/contract/orders';
import * as sets from '../../src/contract/project-sets';
import * as projects from '../../src/contract/projects';
import * as quote from '../../src/contract/quote';
import type { Gateway } from '../../server/app';
import { accessRequests } from '../../server/client-access/schema';
import { invoices } from '../../server/orders/invoices/schema';
import { orderComplaints } from '../../server/orders/schema';
import { makeClient, person, type Person } from './client-fixtures';
import { callContract, createUser, startGateway } from './helpers';
import { uploadFiles } from './board-fixtures';
import { orderingData, type OrderingData } from './cart-fixtures';
import { makeOrder } from './orders-fixtures';
import { makeProject, makeUpload, storeUploadFiles } from './project-fixtures';

/**
 * The whole answer of every kind of refusal of a client's things — status, message, field and code — for
 * a member of another client, an id that does not exist and a member whose role is too low. Written before the
 * areas shared one access check, so the table proves the check answers exactly as the copies it replaced did. The
 * authz tables prove who is refused on every call; this proves what each refusal says.
 */

let gw: Gateway;
const people = {} as Record<'owner' | 'engineer' | 'buyer' | 'outsider', Person>;
const ids = { client: 0, project: 0, kit: 0, order: 0, line: 0, complaint: 0, invoice: 0, request: 0, upload: '' };
let data: OrderingData;

type Answer = { status: number; body: unknown };

const as = (who: Person, call: Parameters<typeof callContract>[1], input: Parameters<typeof callContract>[2]) => async (): Promise<Answer> => {
  const answer = await callContract(gw, call, input, who.token);
  return { status: answer.status, body: answer.body };
};

const download = (who: Person, url: string) => async (): Promise<Answer> => {
  const answer = await gw.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}` } });
  return { status: answer.statusCode, body: answer.json() as unknown };
};

const save = () => ({ clientId: ids.client, title: 'Проверка', params: defaultParams('pcb'), uploadId: null, status: 'actual' });
const claim = () => ({ uploadId: ids.upload, clientId: ids.client, title: 'Из расчёта', params: defaultParams('pcb') });
const CONTACT = { firstName: 'Анна', lastName: 'Смирнова', middleName: '', position: '', phone: '+79990001122', email: null, comment: '' };
const DELIVERY = {
  kind: 'warehouse', name: '', endpointId: 4, divisionId: null, address: '', postalCode: '', recipientName: '',
  recipientPhone: null, comment: '', isDefault: true,
};
const LAYERS = () => ({ uploadId: ids.upload, files: [{ id: 'f1', type: 'copper', side: 'top', hidden: false, order: 0 }] });
const checkout = () => ({
  idempotencyKey: randomUUID(), clientId: ids.client, payerId: data.payerId, contactId: data.contactId,
  delivery: { kind: 'warehouse', endpointId: 4, deliverySettingId: null }, comment: '', lineIds: [1],
});

/** One refusal of each kind per area; the label says the call and who makes it. */
const CASES: Array<[string, () => () => Promise<Answer>]> = [
  ['projects Get, stranger', () => as(people.outsider, projects.getProject, { query: { id: ids.project } })],
  ['projects Get, missing id', () => as(people.owner, projects.getProject, { query: { id: 999_999 } })],
  ['projects Create, stranger', () => as(people.outsider, projects.createProject, { body: save() })],
  ['projects Create, buyer', () => as(people.buyer, projects.createProject, { body: save() })],
  ['projects SetStatus, buyer', () => as(people.buyer, projects.setProjectStatus, { body: { id: ids.project, status: 'archive' } })],
  ['cart AddProject, engineer', () => as(people.engineer, projects.addProjectToCart, { body: { projectId: ids.project } })],
  ['sets Get, stranger', () => as(people.outsider, sets.getProjectSet, { query: { id: ids.kit } })],
  ['sets Create, stranger', () => as(people.outsider, sets.createProjectSet, { body: { clientId: ids.client, kind: 'kit', name: 'Н' } })],
  ['sets Create, buyer', () => as(people.buyer, sets.createProjectSet, { body: { clientId: ids.client, kind: 'kit', name: 'Н' } })],
  ['sets Rename, buyer', () => as(people.buyer, sets.renameProjectSet, { body: { id: ids.kit, name: 'Н' } })],
  ['sets AddToCart, engineer', () => as(people.engineer, sets.addProjectSetToCart, { body: { id: ids.kit } })],
  ['orders Get, stranger', () => as(people.outsider, orders.getOrder, { query: { id: ids.order } })],
  ['orders Get, missing id', () => as(people.owner, orders.getOrder, { query: { id: 999_999 } })],
  ['orders Cancel, engineer', () => as(people.engineer, orders.cancelOrder, { body: { id: ids.order, reason: 'Нет' } })],
  ['orders AddReview, stranger', () => as(people.outsider, orders.addOrderReview, { body: { orderId: ids.order, rating: 'bad', text: 'Н' } })],
  ['orders CancelComplaint, stranger', () => as(people.outsider, orders.cancelOrderComplaint, { body: { id: ids.complaint } })],
  ['orders CancelComplaint, engineer', () => as(people.engineer, orders.cancelOrderComplaint, { body: { id: ids.complaint } })],
  ['cart Checkout, stranger', () => as(people.outsider, cart.checkout, { body: checkout() })],
  ['cart Checkout, engineer', () => as(people.engineer, cart.checkout, { body: checkout() })],
  [
    'board files Upload, stranger',
    () => async () => {
      const answer = await uploadFiles(gw, people.outsider.token, ids.client, Buffer.from('PK'), 'board.zip');
      return { status: answer.status, body: answer.json };
    },
  ],
  [
    'board files Upload, buyer',
    () => async () => {
      const answer = await uploadFiles(gw, people.buyer.token, ids.client, Buffer.from('PK'), 'board.zip');
      return { status: answer.status, body: answer.json };
    },
  ],
  ['board files Get, stranger', () => as(people.outsider, boardFiles.getUpload, { query: { uploadId: ids.upload } })],
  ['board files Get, missing id', () => as(people.owner, boardFiles.getUpload, { query: { uploadId: randomUUID() } })],
  ['board files SetLayers, stranger', () => as(people.outsider, boardFiles.setLayers, { body: LAYERS() })],
  ['board files SetLayers, buyer', () => as(people.buyer, boardFiles.setLayers, { body: LAYERS() })],
  ['board picture, stranger', () => download(people.outsider, `/files/boards/${ids.upload}/top.svg`)],
  // A quote's calls by key; a client's upload is no quote, whoever asks.
  ["quote Get, a client's upload", () => as(people.owner, quote.getQuoteUpload, { query: { uploadId: ids.upload } })],
  ['quote Claim, stranger', () => as(people.outsider, quote.claimQuote, { body: claim() })],
  ['quote Claim, buyer', () => as(people.buyer, quote.claimQuote, { body: claim() })],
  ['quote Claim, no key', () => as(people.owner, quote.claimQuote, { body: claim() })],
  ['invoice PDF, stranger', () => download(people.outsider, `/files/invoices/${ids.invoice}.pdf`)],
  ['invoice PDF, missing id', () => download(people.owner, '/files/invoices/999999.pdf')],
  ['order line files, stranger', () => download(people.outsider, `/files/orders/${ids.order}/lines/${ids.line}.zip`)],
  ['contacts ListCount, stranger', () => as(people.outsider, contacts.contactsListCount, { body: { clientId: ids.client } })],
  ['contacts Create, engineer', () => as(people.engineer, contacts.createContact, { body: { clientId: ids.client, ...CONTACT } })],
  ['contacts Get, stranger', () => as(people.outsider, contacts.getContact, { query: { id: data.contactId } })],
  ['contacts Update, engineer', () => as(people.engineer, contacts.updateContact, { body: { id: data.contactId, ...CONTACT } })],
  ['payers Get, missing id', () => as(people.owner, payers.getPayer, { query: { id: 999_999 } })],
  ['payers Delete, engineer', () => as(people.engineer, payers.deletePayer, { body: { id: data.payerId } })],
  ['delivery List, stranger', () => as(people.outsider, delivery.getDeliverySettings, { query: { clientId: ids.client } })],
  ['delivery Create, engineer', () => as(people.engineer, delivery.createDeliverySetting, { body: { clientId: ids.client, ...DELIVERY } })],
  ['delivery Delete, stranger', () => as(people.outsider, delivery.deleteDeliverySetting, { body: { id: data.courierId } })],
  ['clients Get, stranger', () => as(people.outsider, clients.getClient, { query: { id: ids.client } })],
  ['clients Users, stranger', () => as(people.outsider, clients.clientUsers, { query: { clientId: ids.client } })],
  [
    'clients ChangeRole, engineer',
    () => as(people.engineer, clients.changeRole, { body: { clientId: ids.client, userId: people.buyer.id, role: 4 } }),
  ],
  [
    'clients Update, engineer',
    () => as(people.engineer, clients.requestClientUpdate, { body: { id: ids.client, fullName: 'X', regionId: null, officeId: null } }),
  ],
  ['clients Leave, stranger', () => as(people.outsider, clients.leaveClient, { query: { clientId: ids.client } })],
  ['access requests List, engineer', () => as(people.engineer, access.getAccessRequests, { query: { clientId: ids.client } })],
  ['access requests Accept, engineer', () => as(people.engineer, access.acceptAccessRequest, { query: { accessRequestId: ids.request } })],
  ['access requests Accept, stranger', () => as(people.outsider, access.acceptAccessRequest, { query: { accessRequestId: ids.request } })],
  ['invitations Invite, engineer', () => as(people.engineer, access.invite, { body: { clientId: ids.client, userEmail: 'new@example.ru' } })],
  ['invitations List, stranger', () => as(people.outsider, access.getInvitations, { query: { clientId: ids.client } })],
  ['counters of a client, stranger', () => as(people.outsider, counters.countersClient, { body: { clientId: ids.client } })],
  ['dev SeedOrders, stranger', () => as(people.outsider, dev.seedDevOrders, { body: { clientId: ids.client, count: 1 } })],
];

beforeAll(async () => {
  gw = await startGateway();
  people.owner = await person(gw, 'refusal-owner', 'Олег', 'Владельцев');
  people.engineer = await person(gw, 'refusal-engineer', 'Инна', 'Инженерова');
  people.buyer = await person(gw, 'refusal-buyer', 'Богдан', 'Закупкин');
  people.outsider = await person(gw, 'refusal-outsider', 'Фёдор', 'Сторонний');
  ids.client = await makeClient(gw, { name: 'Проверяемый' }, [[people.owner, 1], [people.engineer, 4], [people.buyer, 5]]);
  await makeClient(gw, { name: 'Чужой' }, [[people.outsider, 1]]);
  ids.upload = await makeUpload(gw, { clientId: ids.client, userId: people.owner.id });
  await storeUploadFiles(gw, ids.upload, [{ name: 'board.gtl', content: 'G04*' }]);
  ids.project = await makeProject(gw, { clientId: ids.client, ownerUserId: people.owner.id, title: 'Секрет', status: 'actual', uploadId: ids.upload });
  const kit = await callContract(gw, sets.createProjectSet, { body: { clientId: ids.client, kind: 'kit', name: 'Комплект' } }, people.owner.token);
  ids.kit = Number(kit.json.id);
  const made = await makeOrder(gw, { clientId: ids.client, status: 'in_stock', projectIds: [ids.project], placedBy: people.owner.id });
  ids.order = made.id;
  ids.line = made.lineIds[0] ?? 0;
  const [complaint] = await gw.db.insert(orderComplaints).values({
    orderId: made.id, lineId: ids.line, userId: people.owner.id, text: 'Своя', status: 'new',
  }).returning({ id: orderComplaints.id });
  ids.complaint = complaint?.id ?? 0;
  const [invoice] = await gw.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, made.id));
  ids.invoice = invoice?.id ?? 0;
  const requester = await createUser(gw, 'refusal-requester@example.ru', '+79990009001');
  const [request] = await gw.db.insert(accessRequests).values({ clientId: ids.client, requesterUserId: requester, message: 'Пустите' })
    .returning({ id: accessRequests.id });
  ids.request = request?.id ?? 0;
  data = await orderingData(gw, ids.client);
});

afterAll(async () => {
  await gw.close();
});

describe('refusals of a client\'s things', () => {
  it('answer 404 to strangers and for missing ids, 403 for too low a role, each with its own message and field', async () => {
    const answers: Record<string, string> = {};
    for (const [label, attempt] of CASES) {
      const { status, body } = await attempt()();
      answers[label] = `${status} ${JSON.stringify(body)}`;
    }
    expect(answers).toMatchInlineSnapshot(`
      {
        "access requests Accept, engineer": "403 {"error":"Недостаточно прав: это могут делать только владелец и администраторы клиента","field":"accessRequestId","code":"forbidden"}",
        "access requests Accept, stranger": "404 {"error":"Запрос доступа не найден","field":"accessRequestId","code":"not_found"}",
        "access requests List, engineer": "403 {"error":"Недостаточно прав: это могут делать только владелец и администраторы клиента","field":"clientId","code":"forbidden"}",
        "board files Get, missing id": "404 {"error":"Загрузка файлов платы не найдена","field":"uploadId","code":"not_found"}",
        "board files Get, stranger": "404 {"error":"Загрузка файлов платы не найдена","field":"uploadId","code":"not_found"}",
        "board files SetLayers, buyer": "403 {"error":"Недостаточно прав: закупщик не может загружать и изменять файлы плат","field":"uploadId","code":"forbidden"}",
        "board files SetLayers, stranger": "404 {"error":"Загрузка файлов платы не найдена","field":"uploadId","code":"not_found"}",
        "board files Upload, buyer": "403 {"error":"Недостаточно прав: закупщик не может загружать и изменять файлы плат","field":"clientId","code":"forbidden"}",
        "board files Upload, stranger": "404 {"error":"Клиент не найден","field":"clientId","code":"not_found"}",
        "board picture, stranger": "404 {"error":"Не найдено","code":"not_found"}",
        "cart AddProject, engineer": "403 {"error":"Недостаточно прав: инженер не может добавлять проекты в корзину","field":"projectId","code":"forbidden"}",
        "cart Checkout, engineer": "403 {"error":"Недостаточно прав: инженер не может оформлять заказы","field":"clientId","code":"forbidden"}",
        "cart Checkout, stranger": "404 {"error":"Клиент не найден","field":"clientId","code":"not_found"}",
        "clients ChangeRole, engineer": "403 {"error":"Недостаточно прав: это могут делать только владелец и администраторы клиента","field":"clientId","code":"forbidden"}",
        "clients Get, stranger": "404 {"error":"Клиент не найден","field":"id","code":"not_found"}",
        "clients Leave, stranger": "404 {"error":"Клиент не найден","field":"clientId","code":"not_found"}",
        "clients Update, engineer": "403 {"error":"Недостаточно прав: это могут делать только владелец и администраторы клиента","field":"id","code":"forbidden"}",
        "clients Users, stranger": "404 {"error":"Клиент не найден","field":"clientId","code":"not_found"}",
        "contacts Create, engineer": "403 {"error":"Недостаточно прав: инженер может только просматривать плательщиков, контакты и настройки доставки","field":"clientId","code":"forbidden"}",
        "contacts Get, stranger": "404 {"error":"Контактное лицо не найдено","field":"id","code":"not_found"}",
        "contacts ListCount, stranger": "404 {"error":"Клиент не найден","field":"clientId","code":"not_found"}",
        "contacts Update, engineer": "403 {"error":"Недостаточно прав: инженер может только просматривать плательщиков, контакты и настройки доставки","field":"id","code":"forbidden"}",
        "counters of a client, stranger": "404 {"error":"Клиент не найден","field":"clientId","code":"client_not_found"}",
        "delivery Create, engineer": "403 {"error":"Недостаточно прав: инженер может только просматривать плательщиков, контакты и настройки доставки","field":"clientId","code":"forbidden"}",
        "delivery Delete, stranger": "404 {"error":"Настройка доставки не найдена","field":"id","code":"not_found"}",
        "delivery List, stranger": "404 {"error":"Клиент не найден","field":"clientId","code":"not_found"}",
        "dev SeedOrders, stranger": "404 {"error":"Клиент не найден","field":"clientId","code":"not_found"}",
        "invitations Invite, engineer": "403 {"error":"Недостаточно прав: это могут делать только владелец и администраторы клиента","field":"clientId","code":"forbidden"}",
        "invitations List, stranger": "404 {"error":"Клиент не найден","field":"clientId","code":"not_found"}",
        "invoice PDF, missing id": "404 {"error":"Не найдено","code":"not_found"}",
        "invoice PDF, stranger": "404 {"error":"Не найдено","code":"not_found"}",
        "order line files, stranger": "404 {"error":"Не найдено","code":"not_found"}",
        "orders AddReview, stranger": "404 {"error":"Заказ не найден","field":"orderId","code":"not_found"}",
        "orders Cancel, engineer": "403 {"error":"Недостаточно прав: инженер не может отменять и повторять заказы","field":"id","code":"forbidden"}",
        "orders CancelComplaint, engineer": "403 {"error":"Отменить претензию может только её автор","field":"id","code":"forbidden"}",
        "orders CancelComplaint, stranger": "404 {"error":"Претензия не найдена","field":"id","code":"not_found"}",
        "orders Get, missing id": "404 {"error":"Заказ не найден","field":"id","code":"not_found"}",
        "orders Get, stranger": "404 {"error":"Заказ не найден","field":"id","code":"not_found"}",
        "payers Delete, engineer": "403 {"error":"Недостаточно прав: инженер может только просматривать плательщиков, контакты и настройки доставки","field":"id","code":"forbidden"}",
        "payers Get, missing id": "404 {"error":"Плательщик не найден","field":"id","code":"not_found"}",
        "projects Create, buyer": "403 {"error":"Недостаточно прав: закупщик может только просматривать проекты и добавлять их в корзину","field":"clientId","code":"forbidden"}",
        "projects Create, stranger": "404 {"error":"Клиент не найден","field":"clientId","code":"not_found"}",
        "projects Get, missing id": "404 {"error":"Проект не найден","field":"id","code":"not_found"}",
        "projects Get, stranger": "404 {"error":"Проект не найден","field":"id","code":"not_found"}",
        "projects SetStatus, buyer": "403 {"error":"Недостаточно прав: закупщик может только просматривать проекты и добавлять их в корзину","field":"id","code":"forbidden"}",
        "quote Claim, buyer": "403 {"error":"Недостаточно прав: закупщик может только просматривать проекты и добавлять их в корзину","field":"clientId","code":"forbidden"}",
        "quote Claim, no key": "404 {"error":"Загрузка файлов платы не найдена","field":"uploadId","code":"not_found"}",
        "quote Claim, stranger": "404 {"error":"Клиент не найден","field":"clientId","code":"not_found"}",
        "quote Get, a client's upload": "404 {"error":"Загрузка файлов платы не найдена","field":"uploadId","code":"not_found"}",
        "sets AddToCart, engineer": "403 {"error":"Недостаточно прав: инженер не может добавлять комплекты в корзину","field":"id","code":"forbidden"}",
        "sets Create, buyer": "403 {"error":"Недостаточно прав: закупщик может только просматривать группы и комплекты и добавлять комплекты в корзину","field":"clientId","code":"forbidden"}",
        "sets Create, stranger": "404 {"error":"Клиент не найден","field":"clientId","code":"not_found"}",
        "sets Get, stranger": "404 {"error":"Папка или комплект не найдены","field":"id","code":"not_found"}",
        "sets Rename, buyer": "403 {"error":"Недостаточно прав: закупщик может только просматривать группы и комплекты и добавлять комплекты в корзину","field":"id","code":"forbidden"}",
      }
    `);
  });
});
