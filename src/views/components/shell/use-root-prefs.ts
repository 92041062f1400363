import { useLayoutEffect } from 'react';
import { applyShellPrefsToRoot, useShellPrefs } from '../../../services/shell-prefs';

/**
 * Puts the sidebar theme and colour mode on the root element before the layout is painted (a layout effect), so a
 * reload in dark mode never flashes light. The classes stay when the layout goes: the next layout applies its own.
 */
export function useRootPrefs(): void {
  const theme = useShellPrefs((prefs) => prefs.theme);
  const colorMode = useShellPrefs((prefs) => prefs.colorMode);
  useLayoutEffect(() => applyShellPrefsToRoot({ theme, colorMode }), [theme, colorMode]);
}
