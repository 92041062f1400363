import { useLocation, useSearch } from 'wouter';
import { LOCALES, loadLocale, localizePath, setLocale, useLocale, useT } from '../../services/i18n';

/** RU / EN switch that keeps the current path and query. */
export function LanguageSwitch() {
  const t = useT();
  const locale = useLocale();
  const [location, navigate] = useLocation();
  const search = useSearch();
  return (
    <div className="language-switch" role="group" aria-label={t('locale.label')}>
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === locale}
          title={t(`locale.${option}`)}
          onClick={() => {
            if (option === locale) return;
            // Texts first, then the URL: the page never shows the new path in the old language.
            void loadLocale(option).then(() => {
              setLocale(option);
              navigate(localizePath(location, option) + (search ? `?${search}` : ''));
            });
          }}
        >
          {option.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
