import type { DfmCure } from '../../../contract/dfm-findings';
/** The price change of each cure against the current parameters, in roubles, by `cureKey`. */
export type CureDeltas = ReadonlyMap<string, number>;

export const cureKey = (cure: DfmCure): string => `${cure.field}=${cure.value}`;
