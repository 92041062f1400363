import type { DfmFinding, DfmRule } from '../../src/contract/dfm';
import { dfmDecimals, wordingOf } from '../../src/contract/dfm-findings';
import { formatNumberIn } from '../../src/contract/number-format';
import { translate, type Lang, type MessageKey } from '../http/messages';

/**
 * A finding as the gateway's refusals say it, the way an engineer would ('маркировка заходит на площадку на
 * 0,43 мм', not '−0.429 при норме не меньше 0'), with numbers in the reader's format; and the way out it leaves.
 */

const sayKey = (rule: DfmRule): MessageKey => `dfmSay${rule.charAt(0).toUpperCase()}${rule.slice(1)}` as MessageKey;

const mm = (lang: Lang, value: number, digits: number) => formatNumberIn(lang, value, { maxFraction: digits });

export function findingWords(lang: Lang, finding: DfmFinding): string {
  return translate(lang, sayKey(finding.rule), {
    kind: wordingOf(finding),
    value: mm(lang, Math.abs(finding.valueMm), dfmDecimals(finding.valueMm, finding.limitMm)),
    limit: mm(lang, finding.limitMm, 3),
  });
}

/** The finding's cure to choose, or, when no class or option cures it, the files or the engineer's review. */
export function wayOutWords(lang: Lang, finding: DfmFinding, of: 'project' | 'kit'): string {
  const { cure } = finding;
  const kind = cure === null ? 'other' : cure.field === 'board.minTrackMm' ? 'track' : cure.field === 'board.minHoleMm' ? 'hole' : 'edgeConnector';
  const value = cure && cure.field !== 'board.edgeConnector' ? mm(lang, cure.value, 3) : '';
  return translate(lang, of === 'kit' ? 'dfmWayKit' : 'dfmWayProject', { kind, value });
}
