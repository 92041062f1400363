import { useT } from '../../../services/i18n';
import { toggleEducationMode, useShellPrefs } from '../../../services/shell-prefs';
import { Icon } from '../ui/icon';
import { Tooltip } from '../ui/tooltip';

/** 'Подсказка': turns the on-screen education mode of the current screen on and off. */
export function EducationToggle({ mini }: { mini: boolean }) {
  const t = useT();
  const on = useShellPrefs((prefs) => prefs.education);
  const label = t('shell.education.label');
  return (
    <Tooltip content={t('shell.education.hint')} side="right">
      <button
        type="button"
        className={`main-menu__link education-toggle${on ? ' education-toggle--on' : ''}`}
        aria-pressed={on}
        aria-label={mini ? label : undefined}
        onClick={toggleEducationMode}
      >
        <Icon name="info" size={22} />
        {mini ? null : <span className="main-menu__label">{label}</span>}
        {mini ? null : <span className="education-toggle__switch" aria-hidden="true" />}
      </button>
    </Tooltip>
  );
}
