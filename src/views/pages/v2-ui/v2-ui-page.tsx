import type { ComponentType } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { ButtonsPart } from './buttons-part';
import { ColorsPart } from './colors-part';
import { DropdownPart } from './dropdown-part';
import { FormPart } from './form-part';
import { IconsPart } from './icons-part';
import { PanelPart } from './panel-part';
import { partOfPath, routeName, SHOWCASE_PARTS, type ShowcasePart } from './parts';
import './showcase.css';

const partViews: Record<ShowcasePart, ComponentType> = {
  buttons: ButtonsPart,
  colors: ColorsPart,
  dropdown: DropdownPart,
  form: FormPart,
  icons: IconsPart,
  panel: PanelPart,
};

/** /v2/ui/*: every shared piece in its states, for development hosts only (the route guard says 404 elsewhere). */
export default function V2UiPage({ title }: { title: string }) {
  const t = useT();
  const [location] = useLocation();
  const part = partOfPath(location);
  const Part = partViews[part];
  return (
    <div className="showcase">
      <nav className="showcase__nav" aria-label={t('ui.showcase.nav')}>
        <span className="showcase__brand">{t('ui.showcase.title')}</span>
        <ul>
          {SHOWCASE_PARTS.map((name) => (
            <li key={name}>
              <LocalLink to={`/v2/ui/${name}`} className="showcase__link" activeClassName="showcase__link--active">
                {t(`pages.${routeName(name)}.title`)}
              </LocalLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="showcase__main">
        <h1 className="showcase__title">{title}</h1>
        <Part />
      </div>
    </div>
  );
}
