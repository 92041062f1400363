import { useState } from 'react';
import type { BoardAnalysis } from '../../../contract/board-files';
import type { DfmFinding, DfmRule } from '../../../contract/dfm';
import { useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
import type { DfmCure } from '../../../contract/dfm-findings';
import type { CureDeltas } from './cure-key';
import type { PictureSide } from './finding-place';
import { FindingsList } from './findings-list';
import { FindingsPicture } from './findings-picture';
import { shownFindings } from './shown-finding';
import './board-findings.css';

export interface BoardFindingsProps {
  analysis: BoardAnalysis;
  /** findingsOf(analysis.dfm, table, params): the caller picks the parameters they are for. */
  findings: readonly DfmFinding[];
  /** Offered on a finding another class cures; without it the cure is only named. */
  onCure?: (cure: DfmCure) => void;
  /** The price change each cure makes, when the caller knows it. */
  cureDeltas?: CureDeltas;
}

/**
 * DFM findings on the board: the picture with a numbered marker at each, and the list beside it; choosing
 * one (in the list or on the picture) zooms the picture to its place. Used by the wizard, the project page and /quote.
 */
export function BoardFindings({ analysis, findings, onCure, cureDeltas }: BoardFindingsProps) {
  const t = useT();
  const [side, setSide] = useState<PictureSide>('top');
  // The chosen finding by what it is, not by its number: a cure or a new parameter renumbers the list.
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const dfm = analysis.dfm;
  if (!dfm) return <DfmMissing analysis={analysis} />;
  const shown = shownFindings(findings, analysis);
  const selected = shown.find((candidate) => findingKey(candidate.finding) === selectedKey)?.number ?? null;
  const select = (number: number | null) => {
    const found = shown.find((candidate) => candidate.number === number);
    if (found) setSide(found.side);
    setSelectedKey(found ? findingKey(found.finding) : null);
  };
  const more = moreOf(dfm.moreByRule, findings);
  return (
    <div className="board-findings">
      <div className="board-findings__layout">
        {dfm.pictureBoxMm ? (
          <FindingsPicture
            analysis={analysis}
            box={dfm.pictureBoxMm}
            findings={shown}
            side={side}
            onSide={(next) => {
              setSide(next);
              select(null);
            }}
            selected={selected}
            onSelect={select}
            onWhole={() => select(null)}
          />
        ) : null}
        <div className="board-findings__side">
          {dfm.cutShort ? (
            <p className="board-findings__cut" role="note">
              <Icon name="info" size={18} />
              {t('board.dfm.cutShort')}
            </p>
          ) : null}
          {shown.length === 0 && dfm.cutShort ? null : shown.length === 0 ? (
            <p className="board-findings__none">
              <Icon name="success" size={18} />
              {t('board.dfm.none')}
            </p>
          ) : (
            <FindingsList analysis={analysis} findings={shown} selected={selected} onSelect={select} onCure={onCure} cureDeltas={cureDeltas} />
          )}
          {more.map(([rule, count]) => (
            <p key={rule} className="board-findings__more">{t('board.dfm.more', { rule: t(`board.dfm.rules.${rule}`), count })}</p>
          ))}
        </div>
      </div>
    </div>
  );
}

/** No places to show: DFM still running (it comes after the pictures and price), failed, or never run on these files. */
function DfmMissing({ analysis }: { analysis: BoardAnalysis }) {
  const t = useT();
  if (analysis.dfmStatus === 'running') return <p className="board-findings__note" role="status">{t('board.dfm.running')}</p>;
  if (analysis.dfmStatus === 'failed') return <p className="board-findings__note" role="note">{t('board.dfm.failed')}</p>;
  return <p className="board-findings__note">{t('board.dfm.notChecked')}</p>;
}

const findingKey = (finding: DfmFinding) => `${finding.rule}|${finding.fileId ?? ''}|${finding.at?.x ?? ''}|${finding.at?.y ?? ''}`;

/** The count is of measured places past the cap, not of findings: it is told only for a rule already found wanting. */
function moreOf(moreByRule: readonly (readonly [DfmRule, number])[], findings: readonly DfmFinding[]) {
  return moreByRule.filter(([rule, count]) => count > 0 && findings.some((finding) => finding.rule === rule));
}
