import { useMemo, type CSSProperties } from 'react';
import { useT } from '../../../services/i18n';
import { COLOR_MODES, paletteOf, SIDEBAR_THEMES, type ColorMode, type SidebarTheme } from './palette';
import { ShowcaseSection } from './section';

export function ColorsPart() {
  const t = useT();
  return (
    <>
      <p className="showcase__note">{t('ui.showcase.colors.note')}</p>
      {COLOR_MODES.map((mode) => (
        <ShowcaseSection key={mode} title={t(`ui.showcase.colors.modes.${mode}`)}>
          {SIDEBAR_THEMES.map((theme) => (
            <ThemePalette key={theme} theme={theme} mode={mode} />
          ))}
        </ShowcaseSection>
      ))}
    </>
  );
}

function ThemePalette({ theme, mode }: { theme: SidebarTheme; mode: ColorMode }) {
  const t = useT();
  const palette = useMemo(() => paletteOf(theme, mode), [theme, mode]);
  // The whole palette is set on the card, so `var(--brand)` inside it resolves to this theme's brand.
  const scope = Object.fromEntries(palette) as CSSProperties;
  const heading = t('ui.showcase.colors.theme', { theme: t(`ui.showcase.colors.themes.${theme}`) });
  return (
    <figure className="showcase__palette" style={scope}>
      <figcaption className="showcase__palette-title">{heading}</figcaption>
      <div className="showcase__palette-preview" aria-hidden="true">
        <span className="showcase__palette-sidebar">
          <span className="showcase__palette-badge">3</span>
        </span>
        <span className="showcase__palette-page">
          <span className="showcase__palette-surface" />
        </span>
      </div>
      {palette.size === 0 ? (
        <p className="showcase__note">{t('ui.showcase.colors.none')}</p>
      ) : (
        <dl className="showcase__swatches">
          {[...palette].map(([name, value]) => (
            <div key={name} className="showcase__swatch">
              <dt>
                <span className="showcase__chip" style={{ background: `var(${name})` }} aria-hidden="true" />
                <code>{name}</code>
              </dt>
              <dd>
                <code>{value}</code>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </figure>
  );
}
