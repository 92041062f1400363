import { useQueries } from '@tanstack/react-query';
import { useContext } from 'react';
import type { ProjectParams } from '../../../../contract/board';
import type { DfmFinding } from '../../../../contract/dfm';
import type { ChosenClass } from '../../../../contract/dfm-classes';
import { curePatch, type DfmCure } from '../../../../contract/dfm-findings';
import { dfmCalls } from '../../../../services/dfm';
import { PriceSource, type PriceOf } from '../../../../services/price-source';
import { cureKey, type CureDeltas } from '../cure-key';

const cured = (params: ProjectParams, cure: DfmCure): ProjectParams => ({ ...params, board: { ...params.board, ...curePatch(cure) } });

const priceQuery = (enabled: boolean, priceOf: PriceOf | null) => (params: ProjectParams) => ({
  // A visitor's price (/quote) and a member's are asked differently, though the table is the same.
  queryKey: ['dfm', 'price', priceOf ? 'page' : 'signedIn', params] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => (priceOf ?? dfmCalls().quote)(params, signal),
  staleTime: 60_000,
  enabled,
});

/**
 * What each cure adds to the price: the price of the parameters with the cure against the price of these. A cure
 * whose price did not come (or parameters the factory cannot price) is named without its difference.
 */
export function useCureDeltas(params: ProjectParams, findings: readonly DfmFinding[] | null): CureDeltas {
  const cures = [...new Map((findings ?? []).flatMap((finding) => (finding.cure ? [[cureKey(finding.cure), finding.cure] as const] : []))).values()];
  const priceOf = useContext(PriceSource);
  const [base, ...prices] = useQueries({
    queries: [params, ...cures.map((cure) => cured(params, cure))].map(priceQuery(cures.length > 0, priceOf)),
  }).map((query) => query.data);
  const deltas = new Map<string, number>();
  if (!base || cures.length === 0) return deltas;
  cures.forEach((cure, index) => {
    const price = prices[index];
    if (price) deltas.set(cureKey(cure), Math.round((price.total - base.total) * 100) / 100);
  });
  return deltas;
}

/** The parameters with each chosen class put back to the material's coarsest: what they would cost without it. */
function withCoarsest(params: ProjectParams, chosen: readonly ChosenClass[]): ProjectParams {
  const board = { ...params.board };
  for (const { field, coarsest } of chosen) {
    if (field === 'board.minTrackMm') board.minTrackMm = coarsest.minTrackMm;
    else board.minHoleMm = coarsest.minHoleMm;
  }
  return { ...params, board };
}

/** What the classes chosen from the files add to the price; undefined until both prices come. */
export function useChosenClassDelta(params: ProjectParams, chosen: readonly ChosenClass[]): number | undefined {
  const priceOf = useContext(PriceSource);
  const [base, coarse] = useQueries({
    queries: [params, withCoarsest(params, chosen)].map(priceQuery(chosen.length > 0, priceOf)),
  }).map((query) => query.data);
  if (!base || !coarse || chosen.length === 0) return undefined;
  return Math.round((base.total - coarse.total) * 100) / 100;
}
