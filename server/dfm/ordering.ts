import { eq } from 'drizzle-orm';
import type { DfmRule } from '../../src/contract/dfm';
import { blockingFinding, findingsOf } from '../../src/contract/dfm-findings';
import type { Db } from '../db/connect';
import { boardUploads, projectVersions } from '../db/schema-business';
import type { ProjectRow } from '../projects/access';
import { ApiError } from '../http/errors';
import { translate, type Lang, type MessageKey } from '../http/messages';
import { paramsOf } from '../projects/view';
import { activeCapabilities } from './load';

const ruleKey = (rule: DfmRule): MessageKey => `dfmRule${rule.charAt(0).toUpperCase()}${rule.slice(1)}` as MessageKey;

/**
 * Where the capability table says so (`blocksOrdering`), a project whose findings for its own parameters include an
 * error cannot go into the cart as it is (issue 21):
 * 400 naming the rule, the value and the limit. The way out is the finding's cure (a finer class, priced) or other
 * files. A project never checked (no files, or analysed before DFM existed) or whose DFM failed is held to its
 * parameters alone. One whose DFM is still being measured (it comes seconds after the pictures and the price) is
 * answered 409 until it is stored: a refusal cannot be judged yet, and letting it through would skip the rule.
 */
export async function requireManufacturable(db: Db, project: ProjectRow, lang: Lang): Promise<void> {
  const table = activeCapabilities();
  if (table.blocksOrdering !== true) return;
  const [version] = project.currentVersionId === null ? [] : await db.select({ analysis: boardUploads.analysis })
    .from(projectVersions).leftJoin(boardUploads, eq(boardUploads.id, projectVersions.uploadId))
    .where(eq(projectVersions.id, project.currentVersionId));
  if (version?.analysis?.dfmStatus === 'running') {
    throw new ApiError(409, 'dfmStillRunning', {}, { field: 'projectId', code: 'dfm.running' });
  }
  const blocking = blockingFinding(findingsOf(version?.analysis?.dfm ?? null, table, paramsOf(project)));
  if (!blocking) return;
  throw new ApiError(400, 'dfmOrderBlocked', {
    rule: translate(lang, ruleKey(blocking.rule)), value: blocking.valueMm, limit: blocking.limitMm,
  }, { field: 'projectId', code: `dfm.${blocking.rule}` });
}
