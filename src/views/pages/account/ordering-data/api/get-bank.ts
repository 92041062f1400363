import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Bank } from '../../../../../contract/banks';
import { checkBik } from '../../../../../contract/requisites';
import { orderingDataCalls } from '../../../../../services/ordering-data';

export type BankLookup =
  | { status: 'idle' }
  | { status: 'looking' }
  | { status: 'found'; bank: Bank }
  | { status: 'unknown' }
  | { status: 'failed' };

/**
 * Which bank a typed BIK names, from the gateway's banks' reference. Only a BIK that could be a Russian bank's is
 * asked about (the field says what is wrong with others); each change drops the answer for the BIK before it, and
 * `onFound` fills the form for the BIK as it now stands.
 */
export function useBankLookup(onFound: (bank: Bank) => void) {
  const [bik, setBik] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['banks', 'bank of BIK', bik],
    queryFn: ({ signal }) => orderingDataCalls().banks.byBik(bik ?? '', signal),
    enabled: bik !== null,
  });
  const latest = useRef(onFound);
  useEffect(() => {
    latest.current = onFound;
  });
  const found = query.data;
  useEffect(() => {
    if (found) latest.current(found);
  }, [bik, found]);

  const state: BankLookup = bik === null ? { status: 'idle' }
    : query.isPending ? { status: 'looking' }
      : query.isError ? { status: 'failed' }
        : found ? { status: 'found', bank: found } : { status: 'unknown' };
  return { state, lookUp: (value: string) => setBik(checkBik(value) === null ? value : null) };
}
