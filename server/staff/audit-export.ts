import type { FastifyInstance } from 'fastify';
import { EXPORT_MAX_ROWS } from '../../src/contract/exports';
import { STAFF_AUDIT_EXPORT_PATH, staffAuditExportQuery, type AuditEntry } from '../../src/contract/staff';
import { listAudit, type AuditFilter } from '../audit/log';
import type { GatewayContext } from '../context';
import { toCsv, type Table } from '../exports/table';
import { ApiError } from '../http/errors';
import { pickLang, translate, type Lang } from '../http/messages';
import { validateInput } from '../http/validation';
import { authenticateStaff } from './sessions';

const json = (value: unknown) => (value === null ? '' : JSON.stringify(value));

function tableOf(entries: readonly AuditEntry[], lang: Lang): Table {
  const t = (key: Parameters<typeof translate>[1]) => translate(lang, key);
  return {
    sheet: t('auditExportSheet'),
    header: [t('auditColumnAt'), t('auditColumnActor'), t('auditColumnAction'), t('auditColumnTarget'), t('auditColumnBefore'),
      t('auditColumnAfter'), t('auditColumnRequest')],
    rows: entries.map((entry) => [
      { text: entry.at }, { text: entry.actor === 'cli' ? t('auditActorCli') : `${entry.actor.name} (${entry.actor.staffId})` },
      { text: entry.action }, { text: `${entry.targetType} ${entry.targetId}` }, { text: json(entry.before) }, { text: json(entry.after) },
      { text: entry.requestId },
    ]),
  };
}

function dateOf(text: string | undefined, field: string): Date | undefined {
  if (text === undefined) return undefined;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new ApiError(400, 'fieldFormat', { field }, { field, code: 'bad_format' });
  return date;
}

/**
 * The audit log as a CSV file for admins, newest first, with the list's filters: what an auditor or the
 * security officer takes away. Every entry the filters match, up to the exports' row limit.
 */
export function registerAuditExportRoute(app: FastifyInstance, ctx: GatewayContext): void {
  app.get(STAFF_AUDIT_EXPORT_PATH, async (request, reply) => {
    await authenticateStaff(ctx, request.headers.authorization, ['admin']);
    const query = validateInput({ ...(request.query as object) }, staffAuditExportQuery, 'query');
    const from = dateOf(query.from, 'from');
    const to = dateOf(query.to, 'to');
    const filter: AuditFilter = {
      ...(query.actor === undefined ? {} : { actor: query.actor === 'cli' ? 'cli' : Number(query.actor) }),
      ...(query.action === undefined ? {} : { action: query.action }),
      ...(from ? { from } : {}), ...(to ? { to } : {}),
    };
    const entries: AuditEntry[] = [];
    let beforeId: number | null = null;
    do {
      const page = await listAudit(ctx.db, { ...filter, ...(beforeId === null ? {} : { beforeId }) });
      entries.push(...page.entries);
      beforeId = page.nextBeforeId;
    } while (beforeId !== null && entries.length < EXPORT_MAX_ROWS);
    const lang = pickLang(request.headers['accept-language']);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit.csv"')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(toCsv(tableOf(entries, lang))));
  });
}
