import { useMemo } from 'react';
import type { CartLine } from '../../../contract/cart';
import { groupByClient, sumPrices } from '../../../machines/cart/cart-rules';
import { cartFlowFor } from '../../../services/cart';
import { formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { refreshCounters } from '../../../services/session';
import { EmptyState } from '../../components/empty-state';
import { FormError } from '../../components/form/form-error';
import { useSessionActor } from '../../components/session-context';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { CartActor, useCartSend } from './cart-actor';
import { CartGroup } from './cart-group';
import './cart.css';

/** /cart: the signed-in user's cart, client by client (the product spec's route table and shell). */
export default function CartPage({ title }: { title: string; params: Record<string, string | undefined> }) {
  const session = useSessionActor();
  // Every answered change asks the counters again: the header's cart widget and the menu badge follow the cart.
  const logic = useMemo(() => cartFlowFor(() => refreshCounters(session)), [session]);
  return (
    <CartActor.Provider logic={logic}>
      <div className="cart-page">
        <CartHeader title={title} />
        <CartBody />
      </div>
    </CartActor.Provider>
  );
}

function CartHeader({ title }: { title: string }) {
  const t = useT();
  const send = useCartSend();
  const canReload = CartActor.useSelector((snapshot) => snapshot.matches('ready') && snapshot.can({ type: 'cart.reload' }));
  const shown = CartActor.useSelector((snapshot) => snapshot.matches('ready'));
  return (
    <div className="cart-page__header">
      <h1 className="cart-page__title">{title}</h1>
      {shown ? (
        <Button variant="secondary" disabled={!canReload} onClick={() => send({ type: 'cart.reload' })}>
          {t('cart.reload')}
        </Button>
      ) : null}
    </div>
  );
}

const NO_LINES: CartLine[] = [];

function CartBody() {
  const t = useT();
  const send = useCartSend();
  const state = CartActor.useSelector((snapshot) =>
    (snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : snapshot.matches('empty') ? 'empty' : 'ready'));
  const loadError = CartActor.useSelector((snapshot) => snapshot.context.loadError);
  const lines = CartActor.useSelector((snapshot) => snapshot.context.cart?.lines ?? NO_LINES);
  const groups = useMemo(() => groupByClient(lines), [lines]);
  const total = useMemo(() => sumPrices(groups.flatMap((group) => group.orderable)), [groups]);
  const anyBlocked = groups.some((group) => group.orderable.length < group.lines.length);

  if (state === 'loading') {
    return (
      <div className="cart-page__loading">
        <Skeleton rows={2} imageSize={56} />
        <Skeleton rows={2} imageSize={56} announce={false} />
        <Skeleton rows={2} imageSize={56} announce={false} />
      </div>
    );
  }
  if (state === 'failed') {
    return (
      <div className="cart-page__failed">
        <FormError message={loadError || t('cart.loadFailed')} />
        <Button onClick={() => send({ type: 'cart.reload' })}>{t('cart.retry')}</Button>
      </div>
    );
  }
  if (state === 'empty') {
    return (
      <EmptyState
        icon="cart"
        title={t('cart.emptyTitle')}
        text={t('cart.emptyText')}
        action={{ label: t('cart.toProjects'), to: '/projects?status=actual' }}
      />
    );
  }
  return (
    <>
      {groups.map((group) => <CartGroup key={group.clientId} group={group} />)}
      <div className="cart-page__total">
        <span>{t('cart.total')}</span>
        <strong className="cart-page__total-sum">{formatPrice(total)}</strong>
        {anyBlocked ? <p className="cart-page__total-note">{t('cart.totalNote')}</p> : null}
      </div>
    </>
  );
}
