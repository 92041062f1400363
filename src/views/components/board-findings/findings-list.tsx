import type { BoardAnalysis } from '../../../contract/board-files';
import type { DfmCure } from '../../../contract/dfm-findings';
import { formatNumber, formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
import { cureKey, type CureDeltas } from './cure-key';
import type { ShownFinding } from './shown-finding';

interface FindingsListProps {
  analysis: BoardAnalysis;
  findings: readonly ShownFinding[];
  selected: number | null;
  onSelect: (number: number) => void;
  onCure?: (cure: DfmCure) => void;
  cureDeltas?: CureDeltas;
}

/** DFM values are a few hundredths of a millimetre apart: three decimals, where sizes elsewhere show two. */
const mm = (value: number) => formatNumber(value, { maxFraction: 3 });

/** What a cure asks the customer to choose, in the wizard's words. */
function cureText(cure: DfmCure, t: ReturnType<typeof useT>): string {
  switch (cure.field) {
    case 'board.minTrackMm': return t('board.dfm.cure.track', { value: mm(cure.value) });
    case 'board.minHoleMm': return t('board.dfm.cure.hole', { value: mm(cure.value) });
    case 'board.edgeConnector': return t('board.dfm.cure.edgeConnector', { option: t('wizard.fields.edgeConnector') });
  }
}

/** The findings in order, each a button that zooms the picture to it (Enter and Space come with the button). */
export function FindingsList({ analysis, findings, selected, onSelect, onCure, cureDeltas }: FindingsListProps) {
  const t = useT();
  const fileName = (id: string | null) => (id === null ? t('board.dfm.wholeBoardLayer') : analysis.files.find((file) => file.id === id)?.name ?? id);
  return (
    <ol className="findings-list" aria-label={t('board.dfm.listLabel')}>
      {findings.map(({ number, finding }) => {
        const bound = finding.valueMm < finding.limitMm ? 'atLeast' : 'atMost';
        const delta = finding.cure ? cureDeltas?.get(cureKey(finding.cure)) : undefined;
        return (
          <li key={number} className={`findings-list__item findings-list__item--${finding.severity}`}>
            <button type="button" className="findings-list__select" aria-pressed={selected === number} onClick={() => onSelect(number)}>
              <span className="findings-list__number" aria-hidden="true">{number}</span>
              <span className="findings-list__severity">
                <Icon name={finding.severity === 'error' ? 'failure' : 'info'} size={16} />
                {t(`board.alertLevels.${finding.severity}`)}
              </span>
              <span className="findings-list__rule">{t(`board.dfm.rules.${finding.rule}`)}</span>
              <span className="findings-list__layer">{fileName(finding.fileId)}</span>
              <span className="findings-list__value">
                {t(`board.dfm.value.${bound}`, { value: mm(finding.valueMm), limit: mm(finding.limitMm) })}
              </span>
            </button>
            {finding.cure ? (
              <p className="findings-list__cure">
                {cureText(finding.cure, t)}
                {delta !== undefined ? <span className="findings-list__delta">{t('board.dfm.cure.delta', { price: `${delta >= 0 ? '+' : '−'}${formatPrice(Math.abs(delta))}` })}</span> : null}
                {onCure ? (
                  <button type="button" className="ui-button ui-button--link" onClick={() => finding.cure && onCure(finding.cure)}>
                    {t('board.dfm.cure.apply')}
                  </button>
                ) : null}
              </p>
            ) : null}
            {finding.allowedBy ? <p className="findings-list__cure">{t('board.dfm.allowedBy.edgeConnector', { option: t('wizard.fields.edgeConnector') })}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
