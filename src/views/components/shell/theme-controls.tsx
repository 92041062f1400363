import { useLocation, useSearch } from 'wouter';
import { getLocale, loadLocale, localizePath, setLocale, useT } from '../../../services/i18n';
import { cycleSidebarTheme, toggleColorMode, useShellPrefs } from '../../../services/shell-prefs';
import { Icon } from '../ui/icon';
import { MenuItem } from '../ui/menu';

/** Profile-menu entries for the look of the frame: sidebar colour (brand → dark → white), light/dark mode, language. */
export function ThemeMenuItems() {
  const t = useT();
  const theme = useShellPrefs((prefs) => prefs.theme);
  const dark = useShellPrefs((prefs) => prefs.colorMode === 'dark');
  const [location, navigate] = useLocation();
  const search = useSearch();
  const other = getLocale() === 'ru' ? 'en' : 'ru';
  const switchLanguage = () => {
    // Texts first, then the URL, as the language switch of the auth layout does.
    void loadLocale(other).then(() => {
      setLocale(other);
      navigate(localizePath(location, other) + (search ? `?${search}` : ''));
    });
  };
  return (
    <>
      <MenuItem onSelect={cycleSidebarTheme}>
        <Icon name="palette" size={18} />
        {t('profileMenu.sidebarTheme', { theme: t(`profileMenu.themes.${theme}`) })}
      </MenuItem>
      <MenuItem onSelect={toggleColorMode}>
        <Icon name={dark ? 'sun' : 'moon'} size={18} />
        {t(dark ? 'profileMenu.lightMode' : 'profileMenu.darkMode')}
      </MenuItem>
      <MenuItem onSelect={switchLanguage}>
        <span className="profile-menu__glyph" aria-hidden="true">{other.toUpperCase()}</span>
        <span lang={other}>{t('profileMenu.otherLanguage')}</span>
      </MenuItem>
    </>
  );
}
