import type { OrderLetter } from '../../src/contract/letters';
import { VAT_PERCENT, type OrderDelivery, type OrderStatus, type SystemHold } from '../../src/contract/orders';
import type { Lang } from '../http/messages';
import type { InvoiceDocument } from '../supplier/invoice-document';
import { vatOf } from '../../src/contract/vat';
import { dateAfterDays } from '../supplier/calendar';
import { SUPPLIER } from '../supplier/details';
import { renderLetter, type Block, type RenderedLetter } from './layout';
import { letterText, money, type LetterKey } from './texts';

/** What an order letter tells, read by the orders area inside the transaction that changed the order. */
export interface OrderLetterFacts {
  orderId: number;
  number: string;
  clientId: number;
  clientName: string;
  placedByUserId: number | null;
  status: OrderStatus;
  holdCode: SystemHold | null;
  /** The hold reason as each language reads it: a system hold's text, an operator's own words as written. */
  holdReason: Readonly<Record<Lang, string>> | null;
  total: number;
  createdAt: Date;
  payerName: string;
  delivery: OrderDelivery;
  trackingNumber: string | null;
  lines: ReadonlyArray<{ title: string; quantity: number; total: number; days: number }>;
  invoice: { id: number; number: string; issuedAt: Date; amount: number; vat: number; paidAt: Date | null; document: InvoiceDocument } | null;
}

/** Who the letter is for: the user who placed the order, or the client's owner when that user has left it. */
export interface LetterRecipient { email: string; lang: Lang; firstName: string; isPlacer: boolean }

/** The portal's page of the order, in the recipient's language. */
export const orderPageUrl = (publicUrl: string, lang: Lang, orderId: number): string =>
  `${publicUrl}${lang === 'en' ? '/en' : ''}/orders/${orderId}`;
export const profilePageUrl = (publicUrl: string, lang: Lang): string => `${publicUrl}${lang === 'en' ? '/en' : ''}/account/profile`;

/** A calendar date of the manufacturer ('DD.MM.YYYY', Moscow), as the app and the invoice write dates. */
const dateOf = (at: Date): string => dateAfterDays(at, 0);

const CARRIERS: Readonly<Record<OrderDelivery['kind'], LetterKey>> = {
  express_post: 'carrierExpressPost', pickup_point: 'carrierPickupPoint', russian_post: 'carrierRussianPost', warehouse: 'carrierWarehouse',
};
const ADVICE: Readonly<Record<SystemHold, LetterKey>> = {
  filesAwaited: 'adviceFilesAwaited', dfmReview: 'adviceDfmReview', engineerRequest: 'adviceEngineerRequest',
};
/** The holds that wait for the customer: the letter says what to do rather than what happens next. */
const CUSTOMER_HOLDS: ReadonlySet<SystemHold> = new Set(['filesAwaited', 'engineerRequest']);

interface Composed { subject: string; preheader: string; heading: string; blocks: Block[] }
type Composer = (lang: Lang, facts: OrderLetterFacts) => Composed;

function deliveryText(lang: Lang, delivery: OrderDelivery): string {
  const name = lang === 'en' ? delivery.nameEn : delivery.name;
  const first = [letterText(lang, CARRIERS[delivery.kind]), name || delivery.recipient].filter(Boolean).join(', ');
  return delivery.address ? `${first}\n${delivery.address}` : first;
}

function linesBlock(lang: Lang, facts: OrderLetterFacts): Block {
  return {
    kind: 'lines',
    head: [letterText(lang, 'linesItem'), letterText(lang, 'linesQuantity'), letterText(lang, 'linesAmount')],
    rows: facts.lines.map((line) => [line.title, letterText(lang, 'linesQuantityValue', { count: line.quantity }), money(lang, line.total)] as const),
    total: [letterText(lang, 'linesTotal', { vat: VAT_PERCENT }), money(lang, facts.total)],
  };
}

const reasonOf = (lang: Lang, facts: OrderLetterFacts): string => facts.holdReason?.[lang] ?? '';
/** What the customer reads about a hold: what to do when the files are awaited, else what happens next. */
const adviceOf = (lang: Lang, facts: OrderLetterFacts): Block => ({
  kind: 'note',
  title: letterText(lang, facts.holdCode && CUSTOMER_HOLDS.has(facts.holdCode) ? 'todoTitle' : 'nextTitle'),
  text: letterText(lang, facts.holdCode ? ADVICE[facts.holdCode] : 'adviceOperator'),
});

const placed: Composer = (lang, facts) => {
  const number = facts.number;
  const held = facts.holdReason !== null;
  return {
    subject: letterText(lang, 'placedSubject', { number }),
    preheader: letterText(lang, 'placedPreheader', { total: money(lang, facts.total) }),
    heading: letterText(lang, 'placedHeading'),
    blocks: [
      { kind: 'text', text: letterText(lang, held ? 'placedHeldIntro' : 'placedIntro', { number }) },
      { kind: 'facts', rows: [
        [letterText(lang, 'factOrder'), number], [letterText(lang, 'factPlacedAt'), dateOf(facts.createdAt)],
        [letterText(lang, 'factPayer'), facts.payerName], [letterText(lang, 'factDelivery'), deliveryText(lang, facts.delivery)],
        ...(held ? [[letterText(lang, 'factReason'), reasonOf(lang, facts)] as const] : []),
      ] },
      linesBlock(lang, facts),
      held ? adviceOf(lang, facts) : { kind: 'note', title: letterText(lang, 'nextTitle'), text: letterText(lang, 'placedNext') },
    ],
  };
};

const held: Composer = (lang, facts) => ({
  subject: letterText(lang, 'heldSubject', { number: facts.number }),
  preheader: reasonOf(lang, facts),
  heading: letterText(lang, 'heldHeading', { number: facts.number }),
  blocks: [
    { kind: 'text', text: letterText(lang, facts.status === 'on_check' ? 'heldIntroCheck' : 'heldIntroProduction') },
    { kind: 'facts', rows: [[letterText(lang, 'factOrder'), facts.number], [letterText(lang, 'factReason'), reasonOf(lang, facts)]] },
    adviceOf(lang, facts),
  ],
});

function invoiceFacts(lang: Lang, facts: OrderLetterFacts): ReadonlyArray<readonly [string, string]> {
  const invoice = facts.invoice;
  if (!invoice) return [];
  return [
    [letterText(lang, 'factInvoice'), letterText(lang, 'factInvoiceValue', { invoice: invoice.number, date: dateOf(invoice.issuedAt) })],
    [letterText(lang, 'factPayer'), invoice.document.payer.name],
  ];
}

const invoiced: Composer = (lang, facts) => {
  const invoice = facts.invoice;
  const amount = money(lang, invoice?.amount ?? facts.total);
  const payBy = invoice ? dateAfterDays(invoice.issuedAt, invoice.document.payWithinDays) : '';
  const vat = money(lang, invoice?.vat ?? vatOf(facts.total));
  return {
    subject: letterText(lang, 'invoicedSubject', { invoice: invoice?.number ?? '', number: facts.number }),
    preheader: letterText(lang, 'invoicedPreheader', { amount, date: payBy }),
    heading: letterText(lang, 'invoicedHeading', { number: facts.number }),
    blocks: [
      { kind: 'text', text: letterText(lang, 'invoicedIntro') },
      { kind: 'facts', rows: [
        [letterText(lang, 'factOrder'), facts.number], ...invoiceFacts(lang, facts),
        [letterText(lang, 'factAmount'), letterText(lang, 'factAmountValue', { amount, vat })], [letterText(lang, 'factPayBy'), payBy],
      ] },
      { kind: 'note', title: letterText(lang, 'payTitle'), text: letterText(lang, 'invoicedPay', { date: payBy }) },
    ],
  };
};

const paid: Composer = (lang, facts) => {
  const days = Math.max(0, ...facts.lines.map((line) => line.days));
  return {
    subject: letterText(lang, 'paidSubject', { number: facts.number }),
    preheader: letterText(lang, 'paidPreheader'),
    heading: letterText(lang, 'paidHeading'),
    blocks: [
      { kind: 'text', text: letterText(lang, 'paidIntro', { invoice: facts.invoice?.number ?? '', number: facts.number }) },
      { kind: 'facts', rows: [
        [letterText(lang, 'factOrder'), facts.number], ...invoiceFacts(lang, facts).slice(0, 1),
        [letterText(lang, 'factPaid'), money(lang, facts.invoice?.amount ?? facts.total)],
        ...(days > 0 ? [[letterText(lang, 'factLeadTime'), letterText(lang, 'leadTimeValue', { days })] as const] : []),
      ] },
      { kind: 'note', title: letterText(lang, 'nextTitle'), text: letterText(lang, 'paidNext') },
    ],
  };
};

const shipped: Composer = (lang, facts) => {
  const { delivery, trackingNumber } = facts;
  const name = lang === 'en' ? delivery.nameEn : delivery.name;
  return {
    subject: letterText(lang, 'shippedSubject', { number: facts.number }),
    preheader: trackingNumber ? letterText(lang, 'shippedPreheader', { tracking: trackingNumber }) : letterText(lang, 'shippedPreheaderNoTracking'),
    heading: letterText(lang, 'shippedHeading', { number: facts.number }),
    blocks: [
      { kind: 'text', text: letterText(lang, 'shippedIntro') },
      { kind: 'facts', rows: [
        [letterText(lang, 'factOrder'), facts.number], [letterText(lang, 'factCarrier'), letterText(lang, CARRIERS[delivery.kind])],
        ...(name ? [[letterText(lang, 'factDelivery'), name] as const] : []),
        ...(delivery.recipient ? [[letterText(lang, 'factRecipient'), delivery.recipient] as const] : []),
        ...(delivery.address ? [[letterText(lang, 'factAddress'), delivery.address] as const] : []),
        ...(trackingNumber ? [[letterText(lang, 'factTracking'), trackingNumber] as const] : []),
      ] },
      { kind: 'note', title: letterText(lang, 'nextTitle'), text: letterText(lang, 'shippedNext') },
    ],
  };
};

const COMPOSERS: Readonly<Record<OrderLetter, Composer>> = { placed, held, invoiced, paid, shipped };

/** The letter of one change of an order, in the recipient's language, linking to the order's page. */
export function composeOrderLetter(letter: OrderLetter, facts: OrderLetterFacts, recipient: LetterRecipient, publicUrl: string): RenderedLetter {
  const { lang } = recipient;
  const composed = COMPOSERS[letter](lang, facts);
  const greeting = recipient.firstName.trim() ? letterText(lang, 'greeting', { name: recipient.firstName.trim() }) : letterText(lang, 'greetingNoName');
  return renderLetter({
    lang, subject: composed.subject, preheader: composed.preheader, heading: composed.heading, greeting,
    blocks: [
      ...composed.blocks,
      { kind: 'button', label: letterText(lang, 'openOrder'), href: orderPageUrl(publicUrl, lang, facts.orderId) },
      { kind: 'text', text: letterText(lang, 'questions', { phone: SUPPLIER.phone ?? '' }) },
    ],
    footer: {
      why: recipient.isPlacer
        ? letterText(lang, 'whyPlacer', { number: facts.number })
        : letterText(lang, 'whyOwner', { number: facts.number, client: facts.clientName }),
      manage: { label: letterText(lang, 'manage'), href: profilePageUrl(publicUrl, lang) },
    },
  });
}
