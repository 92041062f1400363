import type { DfmFinding } from '../../../contract/dfm';
import { dfmDecimals, wordingOf, type DfmCure } from '../../../contract/dfm-findings';
import { formatNumber } from '../../../services/format';
import type { t as translate } from '../../../services/i18n';
import { textOr } from '../board/texts';

type Translate = typeof translate;

/** Millimetres of a class or a limit: a class is 0.075 mm, not 0.08. */
export const limitMm = (value: number): string => formatNumber(value, { maxFraction: 3 });

/**
 * A finding as an engineer says it ('Маркировка заходит на площадку на 0,43 мм'), in the language's numbers: what is
 * there and how it stands to the limit, never a signed value beside a norm.
 */
export function sayFinding(t: Translate, finding: DfmFinding): string {
  const params = {
    value: formatNumber(Math.abs(finding.valueMm), { maxFraction: dfmDecimals(finding.valueMm, finding.limitMm) }),
    limit: limitMm(finding.limitMm),
  };
  return textOr(t, `board.dfm.say.${finding.rule}.${wordingOf(finding)}`, `board.dfm.say.${finding.rule}.other`, params);
}

/** The finding's title: its rule's name, or what the place is where the rule's name would mislead (a pour's sliver is no track). */
export const findingTitle = (t: Translate, finding: DfmFinding): string =>
  (wordingOf(finding) === 'sliver' ? t('board.dfm.rules.sliver') : t(`board.dfm.rules.${finding.rule}`));

/** What the finding is for the order: an option to choose, a refusal as it is, a warning, or our free fix. */
export function kindOf(finding: DfmFinding): 'option' | 'refused' | 'warning' | 'notice' {
  if (finding.severity === 'error') return finding.cure ? 'option' : 'refused';
  return finding.severity;
}

/** What a cure asks the customer to choose, in the wizard's words. */
export function cureText(t: Translate, cure: DfmCure): string {
  switch (cure.field) {
    case 'board.minTrackMm': return t('board.dfm.cure.track', { value: limitMm(cure.value) });
    case 'board.minHoleMm': return t('board.dfm.cure.hole', { value: limitMm(cure.value) });
    case 'board.edgeConnector': return t('board.dfm.cure.edgeConnector', { option: t('wizard.fields.edgeConnector') });
  }
}

/** What the fab does with a notice while preparing the files. */
export const fixText = (t: Translate, finding: DfmFinding): string =>
  textOr(t, `board.dfm.fix.${finding.rule}`, 'board.dfm.fix.other', { limit: limitMm(finding.limitMm) });
