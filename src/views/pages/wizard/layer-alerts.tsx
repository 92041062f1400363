import type { BoardAlert, BoardFile } from '../../../contract/board-files';
import { useT } from '../../../services/i18n';
import { textOr } from '../../components/board/texts';
import { Icon, type IconName } from '../../components/ui/icon';

const LEVEL_ICONS: Record<BoardAlert['level'], IconName> = { error: 'failure', warning: 'info', info: 'info' };
const LEVEL_ORDER: Record<BoardAlert['level'], number> = { error: 0, warning: 1, info: 2 };

/** What the gateway found missing or doubtful, the most serious first, each naming its file when it has one. */
export function LayerAlerts({ alerts, files }: { alerts: readonly BoardAlert[]; files: readonly BoardFile[] }) {
  const t = useT();
  if (alerts.length === 0) {
    return (
      <p className="wizard-alerts__none">
        <Icon name="success" size={18} />
        {t('wizard.layers.noAlerts')}
      </p>
    );
  }
  const sorted = [...alerts].sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level]);
  return (
    <ul className="wizard-alerts" aria-label={t('wizard.layers.alertsLabel')}>
      {sorted.map((alert, index) => {
        const file = alert.fileId ? files.find((candidate) => candidate.id === alert.fileId) : undefined;
        return (
          <li key={`${alert.code}-${alert.fileId ?? ''}-${index}`} className={`wizard-alerts__item wizard-alerts__item--${alert.level}`}>
            <Icon name={LEVEL_ICONS[alert.level]} size={18} />
            <span className="visually-hidden">{t(`board.alertLevels.${alert.level}`)}</span>
            <span>
              {textOr(t, `board.alerts.${alert.code}`, 'board.alerts.other')}
              {file ? <span className="wizard-alerts__file">{file.name}</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
