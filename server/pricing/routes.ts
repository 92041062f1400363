import type { FastifyInstance } from 'fastify';
import { BOM_MAX_BYTES, parseBom, quote } from '../../src/contract/projects';
import { WorkersBusy, type BoardWorkers } from '../board-jobs/worker-pool';
import type { GatewayContext } from '../context';
import { ApiError } from '../http/errors';
import { registerCall } from '../http/register-call';
import { loadPriceTable } from './load';
import { quoteFor } from './quote';

/** Room for the base64 of the largest file (4/3 of it) plus the JSON around it. */
const PARSE_BOM_BODY_LIMIT = Math.ceil((BOM_MAX_BYTES * 4) / 3) + 64 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeBase64(data: string): Uint8Array {
  const compact = data.replace(/\s+/g, '');
  if (compact.length % 4 === 1 || !BASE64.test(compact)) {
    throw new ApiError(400, 'bomBadBase64', {}, { field: 'dataBase64', code: 'bomBadBase64' });
  }
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length > BOM_MAX_BYTES) {
    throw new ApiError(400, 'bomTooLarge', { megabytes: BOM_MAX_BYTES / 1024 / 1024 }, { field: 'dataBase64', code: 'bomTooLarge' });
  }
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/**
 * Price quotes and BOM / pick-and-place reading. The price table is loaded here, at start: a broken
 * PRICE_TABLE_FILE stops the gateway with the field named instead of quoting with half a table.
 */
/** The runners are all busy unpacking: the same 503 an upload gets, so the app offers to try again. */
async function bomOrBusy(workers: Pick<BoardWorkers, 'parseBom'>, ...args: Parameters<BoardWorkers['parseBom']>) {
  try {
    return await workers.parseBom(...args);
  } catch (error) {
    if (error instanceof WorkersBusy) throw new ApiError(503, 'uploadsBusy', {}, { field: 'dataBase64', code: 'busy' });
    throw error;
  }
}

export function registerPricingRoutes(app: FastifyInstance, ctx: GatewayContext, workers: Pick<BoardWorkers, 'parseBom'>): void {
  const table = loadPriceTable();
  ctx.log.info({ version: table.version, file: process.env.PRICE_TABLE_FILE ?? null }, 'price table loaded');

  // Pure arithmetic on the request: no database, so the wizard may ask on every change.
  registerCall(app, ctx, quote, async (input) => quoteFor(input.body.params, table));

  registerCall(app, ctx, parseBom, async (input) => {
    const { kind, fileName, dataBase64 } = input.body;
    return bomOrBusy(workers, { kind, fileName }, decodeBase64(dataBase64));
  }, { bodyLimit: PARSE_BOM_BODY_LIMIT });
}
