import type { ProjectParams } from '../contract/board';
import { getCapabilities, type CapabilityTable } from '../contract/dfm';
import { quote, type PriceQuote } from '../contract/projects';
import { callApi } from './api';
import { swappableCalls } from './swappable-calls';

/** The calls the DFM findings make: the capability table, and prices of a cure's parameters; tests swap them. */
export interface DfmCalls {
  capabilities(signal?: AbortSignal): Promise<CapabilityTable>;
  quote(params: ProjectParams, signal?: AbortSignal): Promise<PriceQuote>;
}

const callsSlot = swappableCalls<DfmCalls>({
  capabilities: (signal) => callApi(getCapabilities, { signal }),
  quote: (params, signal) => callApi(quote, { body: { params }, signal }),
});
export const provideDfmCalls = callsSlot.provide;
export const dfmCalls = callsSlot.current;
