import { useT } from '../../services/i18n';
import { CounterCards } from '../components/counter-cards';
import { LocalLink } from '../components/local-link';
import { useSession } from '../components/session-context';
import { AtWorkOrders } from './at-work-orders';
import './at-work-page.css';

/** /at-work: orders being checked or produced, with the order counters the session has and links to the stages. */
export default function AtWorkPage({ title }: { title: string }) {
  const t = useT();
  const counters = useSession((s) => s.context.counters);
  const loading = useSession((s) => s.matches({ signedIn: { counters: 'loading' } }));
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <p className="at-work__intro">{t('atWork.intro')}</p>
      <section className="at-work__section" aria-labelledby="at-work-counters">
        <h2 id="at-work-counters">{t('atWork.countersTitle')}</h2>
        {counters ? (
          <CounterCards
            columns={4}
            cards={[
              { label: t('atWork.ordersTotal'), to: '/orders', value: counters.orders.total },
              { label: t('atWork.waitingForPayment'), to: '/orders?status=waiting_for_payment', value: counters.orders.waitingForPayment },
            ]}
          />
        ) : (
          <p role="status">{t(loading ? 'atWork.countersLoading' : 'atWork.countersUnavailable')}</p>
        )}
      </section>
      <section className="at-work__section" aria-labelledby="at-work-stages">
        <h2 id="at-work-stages">{t('atWork.stagesTitle')}</h2>
        <ul className="at-work__stages">
          <li><LocalLink to="/orders?status=on_check">{t('atWork.onCheck')}</LocalLink></li>
          <li><LocalLink to="/orders?status=in_progress">{t('atWork.inProgress')}</LocalLink></li>
        </ul>
      </section>
      <section className="card at-work__list" aria-labelledby="at-work-orders">
        <h2 id="at-work-orders">{t('atWork.listTitle')}</h2>
        <AtWorkOrders />
      </section>
    </div>
  );
}
