import type { BoardAnalysis } from '../../../contract/board-files';
import { useT } from '../../../services/i18n';
import { textOr } from '../../components/board/texts';
import { Icon, type IconName } from '../../components/ui/icon';

const LEVEL_ICON: Record<'error' | 'warning' | 'info', IconName> = { error: 'failure', warning: 'info', info: 'info' };

/** What the check of the files found (the product spec's 'errors'): missing outline or drill, unknown files, and the like. */
export function ErrorsPanel({ analysis }: { analysis: BoardAnalysis }) {
  const t = useT();
  const fileName = (id: string | null) => analysis.files.find((file) => file.id === id)?.name ?? null;
  return (
    <section className="project-panel" aria-labelledby="project-errors-title">
      <h2 className="project-panel__title" id="project-errors-title">{t('wizard.layers.alertsLabel')}</h2>
      {analysis.alerts.length === 0 ? (
        <p className="project-panel__lead project-alerts__none">
          <Icon name="success" size={18} />
          {t('wizard.layers.noAlerts')}
        </p>
      ) : (
        <ul className="project-alerts">
          {analysis.alerts.map((alert, index) => {
            const file = fileName(alert.fileId);
            return (
              <li key={`${alert.code}-${alert.fileId ?? index}`} className={`project-alert project-alert--${alert.level}`}>
                <Icon name={LEVEL_ICON[alert.level]} size={18} label={t(`board.alertLevels.${alert.level}`)} />
                <span>
                  {textOr(t, `board.alerts.${alert.code}`, 'board.alerts.other')}
                  {file ? <span className="project-alert__file">{t('project.errors.file', { name: file })}</span> : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
