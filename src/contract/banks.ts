import { nullable, object, pattern, size, string, type Infer } from 'superstruct';
import { defineCall } from './call';

/**
 * The Russian banks' reference: a payer's BIK names its bank and the bank's correspondent account, so the
 * payer form fills them in. The gateway ships a subset and is refreshed from the Bank of Russia's BIK directory
 * (ED807) with `npm run ops -- banks <file>` (docs/decisions.md).
 */
export const bikParam = pattern(size(string(), 9, 9), /^\d{9}$/);

export const bank = object({
  bik: string(),
  /** As the directory names it ('ПАО Сбербанк'). */
  name: string(),
  /** The settlement it is in, with its type ('г. Москва'). */
  place: string(),
  correspondentAccount: string(),
});
export type Bank = Infer<typeof bank>;

/** A BIK the reference does not hold answers `bank: null`: the form then asks for the bank by hand. */
export const bankByBik = defineCall({
  method: 'GET', path: '/account/Banks/ByBik', access: 'user', query: object({ bik: bikParam }),
  response: object({ bank: nullable(bank) }),
});

/** How the payer form writes the bank's name: 'ПАО Сбербанк, г. Москва', as invoices print a bank. */
export const bankTitle = (found: Pick<Bank, 'name' | 'place'>): string => (found.place ? `${found.name}, ${found.place}` : found.name);
