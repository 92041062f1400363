import type { ProjectParams } from '../../../contract/board';
import type { BoardAnalysis } from '../../../contract/board-files';
import type { ChosenClass } from '../../../contract/dfm-classes';
import type { DfmVerdict } from '../../../contract/dfm-verdict';
import { useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
import { useChosenClassDelta, useCureDeltas } from './api/get-cure-prices';
import { useDfmVerdict } from './api/use-dfm-verdict';
import { cureKey } from './cure-key';
import { cureText, limitMm, sayFinding } from './finding-words';
import { signedPrice } from './findings-list';
import './dfm-verdict-note.css';

interface DfmVerdictNoteProps {
  analysis: BoardAnalysis | null;
  params: ProjectParams;
}

/**
 * 'Перед заказом': what ordering this board as it is will meet, said before any button that orders — an
 * engineer's review and why, an option its files need, the class chosen from its files with what it adds to the price,
 * what we fix free of charge. Nothing without files, or for files never checked.
 */
export function DfmVerdictNote({ analysis, params }: DfmVerdictNoteProps) {
  const t = useT();
  const view = useDfmVerdict(analysis, params);
  if (!view) return null;
  const { verdict, chosen, notices } = view;
  const tone = verdict.kind === 'review' || verdict.kind === 'option' ? 'attention' : verdict.kind === 'running' ? 'running' : 'clear';
  return (
    <section className={`dfm-verdict dfm-verdict--${tone}`} aria-label={t('board.dfm.verdict.label')}>
      <div role="status">
        <VerdictLines verdict={verdict} params={params} />
        {chosen.length > 0 ? <ChosenClasses chosen={chosen} params={params} /> : null}
        {verdict.kind === 'clear' && chosen.length === 0 ? <p className="dfm-verdict__text">{t('board.dfm.verdict.clear')}</p> : null}
        {notices > 0 ? <p className="dfm-verdict__text dfm-verdict__text--quiet">{t('board.dfm.verdict.notices', { count: notices })}</p> : null}
      </div>
    </section>
  );
}

function VerdictLines({ verdict, params }: { verdict: DfmVerdict; params: ProjectParams }) {
  const t = useT();
  const deltas = useCureDeltas(params, verdict.kind === 'option' ? [verdict.finding] : null);
  if (verdict.kind === 'running') return <p className="dfm-verdict__text">{t('board.dfm.verdict.running')}</p>;
  if (verdict.kind === 'review') {
    const cause = verdict.cause === 'finding' && verdict.finding
      ? t('board.dfm.verdict.cause.finding', { finding: sayFinding(t, verdict.finding) })
      : t(`board.dfm.verdict.cause.${verdict.cause}`);
    return (
      <>
        <p className="dfm-verdict__title"><Icon name="info" size={18} />{t('board.dfm.verdict.review')}</p>
        <p className="dfm-verdict__text">{cause} {t('board.dfm.verdict.reviewAfter')}</p>
      </>
    );
  }
  if (verdict.kind !== 'option' || !verdict.finding.cure) return null;
  const delta = deltas.get(cureKey(verdict.finding.cure));
  return (
    <>
      <p className="dfm-verdict__title"><Icon name="info" size={18} />{t('board.dfm.verdict.option')}</p>
      <p className="dfm-verdict__text">
        {sayFinding(t, verdict.finding)}. {cureText(t, verdict.finding.cure)}
        {delta !== undefined ? ` ${t('board.dfm.cure.delta', { price: signedPrice(delta) })}` : ''}. {t('board.dfm.verdict.optionElse')}
      </p>
    </>
  );
}

function ChosenClasses({ chosen, params }: { chosen: readonly ChosenClass[]; params: ProjectParams }) {
  const t = useT();
  const delta = useChosenClassDelta(params, chosen);
  const classes = chosen.map(({ field, chosen: each }) => (field === 'board.minTrackMm'
    ? t('board.dfm.verdict.classTrack', { value: limitMm(each.minTrackMm) })
    : t('board.dfm.verdict.classHole', { value: limitMm(each.minHoleMm) })));
  const text = classes.join('; ');
  return (
    <>
      <p className="dfm-verdict__title"><Icon name="success" size={18} />{t('board.dfm.verdict.classChosen')}</p>
      <p className="dfm-verdict__text">
        {text.charAt(0).toUpperCase() + text.slice(1)}
        {delta !== undefined ? <span className="dfm-verdict__delta"> ({t('board.dfm.verdict.classDelta', { price: signedPrice(delta) })})</span> : null}
        . {t('board.dfm.verdict.classOther')}
      </p>
    </>
  );
}
