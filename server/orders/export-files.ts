import type { FastifyInstance } from 'fastify';
import { invoicesExportQuery, ordersExportQuery } from '../../src/contract/exports';
import type { GatewayContext } from '../context';
import { toCsv, toXlsx } from '../exports/table';
import { ApiError } from '../http/errors';
import { pickLang } from '../http/messages';
import { sendFile } from '../http/private-file';
import { validateInput } from '../http/validation';
import { invoicesTable } from './invoices/export';
import { ordersTable } from './export';

const EXPORT_FILE = /^(invoices|orders)\.(csv|xlsx)$/;

/**
 * A list as a file: the caller's orders or invoices with the list's search, filters and sort, in the caller's
 * language. Served here, above both lists, since orders already read invoices and invoices read no order.
 */
export function registerExportFileRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.get<{ Params: { file: string } }>('/files/exports/:file', async (request, reply) => {
    const auth = await ctx.guards.authenticate(ctx, request.headers.authorization, 'user');
    const [, list, format] = EXPORT_FILE.exec(request.params.file) ?? [];
    if (format !== 'csv' && format !== 'xlsx') throw new ApiError(404, 'notFound', {}, { code: 'not_found' });
    const raw = { ...(request.query as object) };
    const lang = pickLang(request.headers['accept-language']);
    const table = list === 'orders'
      ? await ordersTable(ctx.db, auth.userId, validateInput(raw, ordersExportQuery, 'query'), lang)
      : await invoicesTable(ctx.db, auth.userId, validateInput(raw, invoicesExportQuery, 'query'), lang);
    const body = format === 'csv' ? toCsv(table) : toXlsx(table);
    const type = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    return sendFile(reply, type, `${list ?? 'export'}.${format}`, `${table.sheet}.${format}`, body);
  });
}
