import type { BoardAnalysis } from '../../../contract/board-files';
import type { DfmCure } from '../../../contract/dfm-findings';
import { formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
import { cureKey, type CureDeltas } from './cure-key';
import { cureText, findingTitle, fixText, kindOf, sayFinding } from './finding-words';
import type { ShownFinding } from './shown-finding';

interface FindingsListProps {
  analysis: BoardAnalysis;
  findings: readonly ShownFinding[];
  selected: number | null;
  onSelect: (number: number) => void;
  onCure?: (cure: DfmCure) => void;
  cureDeltas?: CureDeltas;
}

/** A price change with its sign, as a cure's or a class's difference reads ('+1 234,00 ₽'). */
export const signedPrice = (delta: number): string => `${delta >= 0 ? '+' : '−'}${formatPrice(Math.abs(delta))}`;

/**
 * The findings in order, each a button that zooms the picture to it (Enter and Space come with the button). Each says
 * what it means for the order: an option to choose, a board not made as it is, a warning, or what we fix
 * free of charge; warnings and fixes of one kind are one line with their count.
 */
export function FindingsList({ analysis, findings, selected, onSelect, onCure, cureDeltas }: FindingsListProps) {
  const t = useT();
  const layerOf = (shown: ShownFinding) => {
    const ids = [...new Set(shown.all.map((finding) => finding.fileId))];
    if (ids.length > 1) return t('board.dfm.layers', { count: ids.length });
    const [id = null] = ids;
    return id === null ? t('board.dfm.wholeBoardLayer') : analysis.files.find((file) => file.id === id)?.name ?? id;
  };
  return (
    <ol className="findings-list" aria-label={t('board.dfm.listLabel')}>
      {findings.map((shown) => {
        const { number, finding, all } = shown;
        const kind = kindOf(finding);
        const delta = finding.cure ? cureDeltas?.get(cureKey(finding.cure)) : undefined;
        return (
          <li key={number} className={`findings-list__item findings-list__item--${finding.severity}`}>
            <button type="button" className="findings-list__select" aria-pressed={selected === number} onClick={() => onSelect(number)}>
              <span className="findings-list__number" aria-hidden="true">
                {number}
              </span>
              <span className="findings-list__severity">
                <Icon name={finding.severity === 'error' ? 'failure' : finding.severity === 'notice' ? 'success' : 'info'} size={16} />
                {t(`board.dfm.kinds.${kind}`)}
              </span>
              <span className="findings-list__rule">{findingTitle(t, finding)}</span>
              <span className="findings-list__layer">{layerOf(shown)}</span>
              <span className="findings-list__value">
                {sayFinding(t, finding)}
                {all.length > 1 ? <span className="findings-list__count">{t('board.dfm.folded', { count: all.length })}</span> : null}
              </span>
            </button>
            {finding.cure ? (
              <p className="findings-list__cure">
                {cureText(t, finding.cure)}
                {delta !== undefined ? (
                  <span className="findings-list__delta">{t('board.dfm.cure.delta', { price: signedPrice(delta) })}</span>
                ) : null}
                {onCure ? (
                  <button type="button" className="ui-button ui-button--link" onClick={() => finding.cure && onCure(finding.cure)}>
                    {t('board.dfm.cure.apply')}
                  </button>
                ) : null}
              </p>
            ) : null}
            {kind === 'refused' ? <p className="findings-list__cure">{t('board.dfm.refused')}</p> : null}
            {kind === 'notice' ? <p className="findings-list__cure">{fixText(t, finding)}</p> : null}
            {finding.allowedBy ? (
              <p className="findings-list__cure">{t('board.dfm.allowedBy.edgeConnector', { option: t('wizard.fields.edgeConnector') })}</p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
