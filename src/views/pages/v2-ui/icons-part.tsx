import { useT } from '../../../services/i18n';
import { Icon, iconNames } from '../../components/ui/icon';
import { ShowcaseSection } from './section';

export function IconsPart() {
  const t = useT();
  return (
    <ShowcaseSection title={t('ui.showcase.icons.set', { count: iconNames.length })}>
      <ul className="showcase__icons">
        {iconNames.map((name) => (
          <li key={name} className="showcase__icon">
            <Icon name={name} />
            <code>{name}</code>
          </li>
        ))}
      </ul>
      <div className="showcase__icon-sizes">
        {[16, 20, 24, 32].map((size) => (
          <Icon key={size} name="board" size={size} />
        ))}
      </div>
    </ShowcaseSection>
  );
}
