import type { Counters } from '../../contract/counters';
import { useT } from '../../services/i18n';
import { CounterCards } from '../components/counter-cards';
import { LatestNotifications } from '../components/notifications/latest-notifications';
import { fullName } from '../../services/format';
import { useSession } from '../components/session-context';
import { ActivityLists } from './home/activity-lists';
import { LATEST_NOTIFICATIONS } from './home/early-reads';
import { GettingStarted } from './home/getting-started';
import './home-page.css';

/** Each counter card opens the list it counts (the product spec's query filters). */
const CARDS: readonly { label: string; to: string; value: (c: Counters) => number }[] = [
  { label: 'pages.home.actualProjects', to: '/projects?status=actual', value: (c) => c.projects.totalActual },
  { label: 'pages.home.draftProjects', to: '/projects?status=draft', value: (c) => c.projects.totalDraft },
  { label: 'pages.home.orders', to: '/orders', value: (c) => c.orders.total },
  { label: 'pages.home.waitingForPayment', to: '/orders?status=waiting_for_payment', value: (c) => c.orders.waitingForPayment },
  { label: 'pages.home.cart', to: '/cart', value: (c) => c.basket.total },
  { label: 'pages.home.favoriteProjects', to: '/projects?favorite=true', value: (c) => c.favorite.totalProject },
  { label: 'pages.home.favoriteOrders', to: '/orders?favorite=true', value: (c) => c.favorite.totalOrder },
];

/** Nothing made yet: no project (ready or draft), nothing in the cart, no order. */
const isFresh = (c: Counters): boolean => c.projects.totalActual + c.projects.totalDraft + c.basket.total + c.orders.total === 0;

/**
 * The 'Панель управления' dashboard — the user's counters and their latest notifications. A new user
 * first sees what to do next; once there is activity, the projects worked on last and the orders on their way.
 */
export default function HomePage({ title }: { title: string }) {
  const t = useT();
  const user = useSession((s) => s.context.user);
  const counters = useSession((s) => s.context.counters);
  const countersLoading = useSession((s) => s.matches({ signedIn: { counters: 'loading' } }));
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      {user ? <p className="home__greeting">{t('pages.home.greeting', { name: fullName(user) })}</p> : null}
      {/* The slot keeps its height while the counters decide what it shows, so the columns below do not jump. */}
      <div className="home__lead">{counters ? (isFresh(counters) ? <GettingStarted /> : <ActivityLists />) : null}</div>
      <div className="home__columns">
        <section className="home__counters" aria-labelledby="home-counters">
          <h2 id="home-counters">{t('pages.home.countersTitle')}</h2>
          {counters ? (
            <CounterCards cards={CARDS.map((card) => ({ label: t(card.label), to: card.to, value: card.value(counters) }))} />
          ) : (
            <p role="status">{t(countersLoading ? 'pages.home.countersLoading' : 'pages.home.countersUnavailable')}</p>
          )}
        </section>
        <section className="card home__notifications" aria-labelledby="home-notifications">
          <h2 id="home-notifications">{t('pages.home.notificationsTitle')}</h2>
          <LatestNotifications count={LATEST_NOTIFICATIONS} />
        </section>
      </div>
    </div>
  );
}
