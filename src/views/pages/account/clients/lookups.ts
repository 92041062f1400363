import { useEffect, useRef, useState } from 'react';
import type { DictItem, OfficeItem, RegionItem } from '../../../../contract/dicts';
import { clientsGateway } from '../../../../services/clients';
import { dictionaryName } from '../../../../services/dictionaries';

/** A reference list for a select; spec 8: a failed dictionary is only logged and the select stays empty. */
function useLookup<T>(load: (() => Promise<T[]>) | null, key: string): T[] {
  const [state, setState] = useState<{ key: string; items: T[] }>({ key: '', items: [] });
  // `load` is rebuilt on each render; the key says when it asks for something else.
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const current = latest.current;
    if (!current) return undefined;
    let live = true;
    current().then(
      (items) => live && setState({ key, items }),
      (error: unknown) => console.error(`[clients] ${key} not loaded`, error),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state.key === key ? state.items : [];
}

export const useCountries = (): DictItem[] => useLookup(() => clientsGateway().countries(), 'countries');
export const useActivities = (): DictItem[] => useLookup(() => clientsGateway().activities(), 'activities');
export const useOffices = (): OfficeItem[] => useLookup(() => clientsGateway().offices(), 'offices');
export const useRegions = (countryId: number | null): RegionItem[] =>
  useLookup(countryId === null ? null : () => clientsGateway().regions(countryId), `regions-${countryId ?? 'none'}`);

/** The item's name by id in the current language; '' when it is not (yet) known. */
export function nameById(items: readonly { id: number; name: string; nameEn: string }[], id: number | null): string {
  const item = id === null ? undefined : items.find((candidate) => candidate.id === id);
  return item ? dictionaryName(item) : '';
}
