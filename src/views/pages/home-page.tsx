import type { Counters } from '../../contract/counters';
import { useT } from '../../services/i18n';
import { fullName } from '../components/profile-menu';
import { useSession } from '../components/session-context';

const FIGURES: readonly [string, (c: Counters) => number][] = [
  ['pages.home.actualProjects', (c) => c.projects.totalActual],
  ['pages.home.draftProjects', (c) => c.projects.totalDraft],
  ['pages.home.orders', (c) => c.orders.total],
  ['pages.home.waitingForPayment', (c) => c.orders.waitingForPayment],
  ['pages.home.basket', (c) => c.basket.total],
  ['pages.home.favoriteProjects', (c) => c.favorite.totalProject],
  ['pages.home.favoriteOrders', (c) => c.favorite.totalOrder],
];

/** 'Панель управления': the signed-in user's name and the menu counters the session loaded. */
export default function HomePage({ title }: { title: string }) {
  const t = useT();
  const user = useSession((s) => s.context.user);
  const counters = useSession((s) => s.context.counters);
  const countersLoading = useSession((s) => s.matches({ signedIn: { counters: 'loading' } }));
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      {user ? <p className="home__greeting">{t('pages.home.greeting', { name: fullName(user) })}</p> : null}
      <section className="home__counters" aria-labelledby="home-counters">
        <h2 id="home-counters">{t('pages.home.countersTitle')}</h2>
        {counters ? (
          <dl className="counter-grid">
            {FIGURES.map(([label, value]) => (
              <div key={label}>
                <dt>{t(label)}</dt>
                <dd>{value(counters)}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p role="status">{t(countersLoading ? 'pages.home.countersLoading' : 'pages.home.countersUnavailable')}</p>
        )}
      </section>
    </div>
  );
}
