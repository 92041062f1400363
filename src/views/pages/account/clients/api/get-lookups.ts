import { useQuery } from '@tanstack/react-query';
import type { DictItem, OfficeItem, RegionItem } from '../../../../../contract/dicts';
import { clientsCalls } from '../../../../../services/clients';
import { dictionaryName } from '../../../../../services/dictionaries';

const NONE: never[] = [];

// Reference lists for the client form's selects; the product spec's error catalogue: a failed dictionary is only logged and the select stays empty.

export const useCountries = (): DictItem[] =>
  useQuery({ queryKey: ['clients', 'countries'], queryFn: () => clientsCalls().countries() }).data ?? NONE;
export const useActivities = (): DictItem[] =>
  useQuery({ queryKey: ['clients', 'activities'], queryFn: () => clientsCalls().activities() }).data ?? NONE;
export const useOffices = (): OfficeItem[] =>
  useQuery({ queryKey: ['clients', 'offices'], queryFn: () => clientsCalls().offices() }).data ?? NONE;
export const useRegions = (countryId: number | null): RegionItem[] => useQuery({
  queryKey: ['clients', 'regions of country', countryId],
  queryFn: () => clientsCalls().regions(countryId ?? 0),
  enabled: countryId !== null,
}).data ?? NONE;

/** The item's name by id in the current language; '' when it is not (yet) known. */
export function nameById(items: readonly { id: number; name: string; nameEn: string }[], id: number | null): string {
  const item = id === null ? undefined : items.find((candidate) => candidate.id === id);
  return item ? dictionaryName(item) : '';
}
