import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns';
import { clients } from '../../db/schema';
import { orders } from '../schema';
import type { InvoiceDocument } from '../../supplier/invoice-document';

/**
 * An invoice per order. What the list shows and searches is in this narrow row; the copied requisites and lines
 * (`invoice_documents`) live apart, so a search over 100 000 invoices does not read their documents.
 */
export const invoices = pgTable('invoices', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().unique().references(() => orders.id, { onDelete: 'cascade' }),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  number: text('number').notNull().unique(),
  orderNumber: text('order_number').notNull(),
  amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  vat: numeric('vat', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  payerName: text('payer_name').notNull(),
  payerInn: text('payer_inn').notNull(),
  issuedAt: at('issued_at').notNull().defaultNow(),
  paidAt: at('paid_at'),
  /** The УПД issued at shipment: its number ('УПД-2026-00001') and date; null until the order is shipped. */
  transferNumber: text('transfer_number').unique(),
  transferredAt: at('transferred_at'),
}, (t) => [
  index('invoices_client_issued_idx').on(t.clientId, t.issuedAt, t.id),
  index('invoices_client_amount_idx').on(t.clientId, t.amount, t.id),
  index('invoices_client_number_idx').on(t.clientId, t.number, t.id),
  index('invoices_client_unpaid_idx').on(t.clientId, t.issuedAt, t.id).where(sql`${t.paidAt} is null`),
]);

/** Requisites and lines copied when the invoice is issued, so the PDF never changes later. */
export const invoiceDocuments = pgTable('invoice_documents', {
  invoiceId: integer('invoice_id').primaryKey().references(() => invoices.id, { onDelete: 'cascade' }),
  document: jsonb('document').$type<InvoiceDocument>().notNull(),
});

/** Invoices per client, paid or not, kept with every issue and payment so list counts read two rows. */
export const invoiceCounts = pgTable('invoice_counts', {
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  paid: boolean('paid').notNull(),
  invoices: integer('invoices').notNull(),
}, (t) => [primaryKey({ columns: [t.clientId, t.paid] })]);
