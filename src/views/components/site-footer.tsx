import { useT } from '../../services/i18n';
import { LocalLink } from './local-link';

const COLUMNS = [
  {
    title: 'footer.portal',
    links: [
      ['/', 'footer.home'],
      ['/projects', 'footer.projects'],
      ['/orders', 'footer.orders'],
      ['/cart', 'footer.cart'],
    ],
  },
  {
    title: 'footer.account',
    links: [
      ['/account/profile', 'footer.profile'],
      ['/account/clients', 'footer.clients'],
      ['/account/contacts', 'footer.contacts'],
    ],
  },
  {
    title: 'footer.help',
    links: [
      ['/help', 'footer.helpPage'],
      ['/updates', 'footer.updates'],
    ],
  },
] as const;

/** Footer with link columns, shown under the error page. */
export function SiteFooter() {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={t(column.title)}>
            <h2>{t(column.title)}</h2>
            <ul>
              {column.links.map(([to, label]) => (
                <li key={to}>
                  <LocalLink to={to}>{t(label)}</LocalLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="site-footer__copyright">{t('footer.copyright')}</p>
    </footer>
  );
}
