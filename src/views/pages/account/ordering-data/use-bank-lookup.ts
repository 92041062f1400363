import { useEffect, useRef, useState } from 'react';
import type { Bank } from '../../../../contract/banks';
import { checkBik } from '../../../../contract/requisites';
import { orderingDataGateway } from '../../../../services/ordering-data';

export type BankLookup =
  | { status: 'idle' }
  | { status: 'looking' }
  | { status: 'found'; bank: Bank }
  | { status: 'unknown' }
  | { status: 'failed' };

/**
 * Which bank a typed BIK names, from the gateway's banks' reference. Each change of the BIK drops the lookup before
 * it, so a slow answer for an older BIK never fills the form; `onFound` fills it for the BIK as it now stands.
 */
export function useBankLookup(onFound: (bank: Bank) => void) {
  const [state, setState] = useState<BankLookup>({ status: 'idle' });
  const latest = useRef<AbortController | null>(null);
  useEffect(() => () => latest.current?.abort(), []);

  const lookUp = (bik: string) => {
    latest.current?.abort();
    latest.current = null;
    // Only a BIK that could be a Russian bank's is asked about; the field says what is wrong with others.
    if (checkBik(bik) !== null) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    latest.current = controller;
    setState({ status: 'looking' });
    orderingDataGateway().banks.byBik(bik, controller.signal).then((bank) => {
      if (controller.signal.aborted) return;
      setState(bank ? { status: 'found', bank } : { status: 'unknown' });
      if (bank) onFound(bank);
    }, (error: unknown) => {
      if (controller.signal.aborted) return;
      // The bank can still be typed by hand: the failure is logged and said under the field.
      console.error('[banks] BIK lookup failed', error);
      setState({ status: 'failed' });
    });
  };
  return { state, lookUp };
}
