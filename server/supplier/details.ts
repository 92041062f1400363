import type { InvoiceParty } from './invoice-document';

/**
 * The manufacturer's requisites as printed on every invoice. Fictional, but each passes the checks of
 * src/contract/requisites.ts (INN and OGRN control digits, both accounts keyed to the BIK), so an accountant's
 * software would accept the form. An issued invoice keeps its own copy: changing these does not rewrite old ones.
 */
export const SUPPLIER: InvoiceParty = {
  name: 'ООО «ПСБ Технологии»',
  inn: '7725143680',
  kpp: '772501001',
  ogrn: '1257700417369',
  address: '115280, г. Москва, ул. Ленинская Слобода, д. 19, стр. 4, офис 210',
  bankName: 'АО «Технобанк», г. Москва',
  bik: '044525987',
  settlementAccount: '40702810038000041736',
  correspondentAccount: '30101810900000000987',
  phone: '+7 (495) 120-45-67',
};
