import type { ProjectParams } from '../../src/contract/board';
import { checkProjectParams, type ParamProblemCode } from '../../src/contract/board-checks';
import type { PriceQuote } from '../../src/contract/projects';
import { ApiError } from '../http/errors';
import type { MessageKey } from '../http/messages';
import { activePriceTable } from './load';
import type { PriceTable } from './price-table';
import { boardLines, mountingLines, roundKopecks, stencilLines, type RawLine } from './quote-lines';

export { loadPriceTable } from './load';

/**
 * The gateway's text of a problem (server/http/messages.ts), the same words as `wizard.problems.<code>`. The return
 * type makes a problem code without a gateway message a compile error.
 */
export function problemMessageKey(code: ParamProblemCode): MessageKey {
  return `param${code.charAt(0).toUpperCase()}${code.slice(1)}` as `param${Capitalize<ParamProblemCode>}`;
}

/** Refuses parameters the factory cannot make: 400 naming the first field, with every problem in `problems`. */
function assertMakeable(params: ProjectParams): void {
  const problems = checkProjectParams(params);
  const first = problems[0];
  if (!first) return;
  throw new ApiError(400, problemMessageKey(first.code as ParamProblemCode), {}, {
    field: first.field, code: first.code, data: { problems },
  });
}

function productLines(params: ProjectParams, table: PriceTable): RawLine[] {
  const { productType, quantity, stencil, mounting } = params;
  if (productType === 'stencil' && stencil) return stencilLines(stencil, quantity, table);
  if (productType === 'mounting' && mounting) return mountingLines(mounting, quantity, table);
  const boards = boardLines(params, table);
  return productType === 'module' && mounting ? [...boards, ...mountingLines(mounting, quantity, table)] : boards;
}

/** Working days: boards by urgency and layer count, stencils and assembly by their own days; a module is both. */
function daysFor(params: ProjectParams, table: PriceTable): number {
  const boardDays = table.urgency[params.urgency].days + table.pcb.extraDaysByLayers[`${params.board.layers}`];
  switch (params.productType) {
    case 'stencil': return table.stencil.days[params.urgency];
    case 'mounting': return table.mounting.days[params.urgency];
    case 'module': return boardDays + table.mounting.days[params.urgency];
    default: return boardDays;
  }
}

/**
 * The price of a project by docs/pricing.md: product lines, then urgency on their sum. Every line is rounded to
 * kopecks and the total is the sum of the rounded lines, so the breakdown always adds up to it.
 */
export function quoteFor(params: ProjectParams, table: PriceTable = activePriceTable()): PriceQuote {
  assertMakeable(params);
  const lines = productLines(params, table);
  const urgency = table.urgency[params.urgency].multiplier;
  if (urgency !== 1) {
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    lines.push({ code: 'urgency', amount: subtotal * (urgency - 1), detail: `×${urgency}` });
  }
  const rounded = lines.map((line) => ({ code: line.code, amount: roundKopecks(line.amount), detail: line.detail }));
  const total = roundKopecks(rounded.reduce((sum, line) => sum + line.amount, 0));
  return {
    total,
    perUnit: roundKopecks(total / params.quantity),
    days: daysFor(params, table),
    lines: rounded,
    tableVersion: table.version,
  };
}
