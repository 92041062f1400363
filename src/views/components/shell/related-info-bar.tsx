import { progressPercent } from '../../../services/format';
import { useHeaderState, type HeaderInfoType } from '../../../services/header-info';
import { useT } from '../../../services/i18n';
import { Icon, type IconName } from '../ui/icon';

const TYPE_ICONS: Record<HeaderInfoType, IconName> = {
  client: 'client',
  delivery: 'delivery',
  contact: 'contact',
  payer: 'payer',
  wizard: 'board',
  quickOrder: 'quickOrder',
};

function isType(value: unknown): value is HeaderInfoType {
  return typeof value === 'string' && value in TYPE_ICONS;
}

/**
 * The product spec's related-info bar: what the page is working on, with its avatar or type icon, and the step it is at.
 * The step counter and the progress bar show only when both the step and the total are known and non-zero.
 */
export function RelatedInfoBar() {
  const t = useT();
  const { info } = useHeaderState();
  if (!info?.isVisible) return null;
  const type = isType(info.typeIco) ? info.typeIco : 'client';
  const percent = progressPercent(info.stepNumber, info.stepsTotal);
  return (
    <section className="related-info" aria-label={t('shell.related.label')}>
      {info.avatar ? (
        <img className="related-info__avatar" src={info.avatar} alt="" width={40} height={40} />
      ) : (
        <span className="related-info__icon">
          <Icon name={TYPE_ICONS[type]} size={22} label={t(`shell.related.types.${type}`)} />
        </span>
      )}
      <div className="related-info__text">
        <span className="related-info__name" title={info.name}>{info.name}</span>
        <span className="related-info__step">
          {percent !== null ? <span>{t('shell.related.step', { step: info.stepNumber ?? 0, total: info.stepsTotal ?? 0 })}</span> : null}
          {info.stepTitle ? <span className="related-info__step-title">{info.stepTitle}</span> : null}
        </span>
        {percent !== null ? (
          <span
            className="related-info__progress"
            role="progressbar"
            aria-label={t('shell.related.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className="related-info__progress-fill" style={{ width: `${Math.min(percent, 100)}%` }} />
          </span>
        ) : null}
      </div>
    </section>
  );
}
