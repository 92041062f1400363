/** What an invoice copies when it is issued (server/orders/invoices): both parties' requisites and its lines. */

export interface InvoiceParty { name: string; inn: string; kpp: string | null; ogrn: string; address: string;
  bik: string; bankName: string; settlementAccount: string; correspondentAccount: string; phone?: string }

export interface InvoiceDocument { supplier: InvoiceParty; payer: InvoiceParty; orderNumber: string;
  lines: Array<{ title: string; quantity: number; unit: string; unitPrice: number; total: number }>;
  vatPercent: number; payWithinDays: number }
