import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { SUPPORT_PAGE_URL, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from '../../components/shell/support-contacts';
import { Icon } from '../../components/ui/icon';

interface HelpLink {
  to: string;
  key: string;
  /** A line under the link, for the entries whose name alone does not say enough. */
  description?: string;
}

const link = (to: string, key: string, description?: string): HelpLink => ({ to, key, description });

const SECTIONS: readonly { key: string; links: readonly HelpLink[] }[] = [
  {
    key: 'start',
    links: [link('/', 'dashboard'), link('/account/profile', 'profile'), link('/account/clients', 'clients'),
      link('/account/counteragents', 'payers'), link('/account/delivery', 'delivery')],
  },
  {
    key: 'orders',
    links: [link('/wizard-board', 'newProject'), link('/projects', 'projects'), link('/cart', 'cart'), link('/orders', 'orders'), link('/at-work', 'atWork')],
  },
  { key: 'portal', links: [link('/flows', 'flows', 'help.descriptions.flows'), link('/updates', 'updates')] },
];

/** Where things are in the portal, and how to reach a person. */
export function HelpLinks() {
  const t = useT();
  return (
    <div className="help-page__sections">
      {SECTIONS.map((section) => (
        <section key={section.key} className="card help-page__section" aria-labelledby={`help-${section.key}`}>
          <h3 id={`help-${section.key}`}>{t(`help.sections.${section.key}`)}</h3>
          <ul>
            {section.links.map((link) => (
              <li key={link.to}>
                <LocalLink to={link.to}>{t(`help.links.${link.key}`)}</LocalLink>
                {link.description ? <p>{t(link.description)}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section className="card help-page__section help-page__support" aria-labelledby="help-support">
        <h3 id="help-support">{t('help.supportTitle')}</h3>
        <p>{t('help.supportText')}</p>
        <ul>
          <li>
            <a href={SUPPORT_PAGE_URL} target="_blank" rel="noreferrer">
              <Icon name="external" size={16} /> {t('help.supportPage')}
            </a>
          </li>
          <li>
            <a href={SUPPORT_PHONE_HREF}>
              <Icon name="phone" size={16} /> {t('help.supportPhone', { phone: SUPPORT_PHONE })}
            </a>
          </li>
        </ul>
      </section>
    </div>
  );
}
