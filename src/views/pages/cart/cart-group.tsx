import { useId } from 'react';
import { hasInvalidQuantity, isSettled } from '../../../machines/cart/cart-rules';
import type { ClientGroup } from '../../../machines/cart/cart-types';
import { formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { CartActor } from './cart-actor';
import { CartLineRow } from './cart-line';
import { pluralText } from '../../../services/plural';

/** The lines of one client, its sum to order and its checkout (an order is placed for one client). */
export function CartGroup({ group }: { group: ClientGroup }) {
  const t = useT();
  const headingId = useId();
  const reasonId = `${headingId}-reason`;
  const settled = CartActor.useSelector((snapshot) => isSettled(snapshot.context));
  const mistyped = CartActor.useSelector((snapshot) => hasInvalidQuantity(snapshot.context));
  const excluded = group.lines.length - group.orderable.length;
  const canOrder = group.orderable.length > 0 && settled;
  const waitReason = mistyped ? t('cart.checkoutFixQuantity') : t('cart.checkoutWait');
  const reason = group.orderable.length === 0 ? t('cart.checkoutNothing') : settled ? null : waitReason;

  return (
    <section className="cart-group" aria-labelledby={headingId} data-client-id={group.clientId}>
      <h2 className="cart-group__title" id={headingId}>{group.clientName}</h2>
      <DataTable
        className="cart-table"
        caption={t('cart.groupLabel', { name: group.clientName })}
        columns={[
          t('cart.columns.project'), t('cart.columns.quantity'), { label: t('cart.columns.unitPrice'), className: 'cart-table__money' },
          { label: t('cart.columns.price'), className: 'cart-table__money' }, t('cart.columns.days'), { label: t('cart.columns.actions'), hidden: true },
        ]}
        rows={group.lines}
      >
        {(line) => <CartLineRow key={line.id} line={line} />}
      </DataTable>
      <footer className="cart-group__footer">
        <div className="cart-group__sum">
          <span className="cart-group__sum-label">{t('cart.subtotal')}</span>
          <strong className="cart-group__subtotal">{formatPrice(group.subtotal)}</strong>
          {excluded > 0 ? <span className="cart-group__excluded">{pluralText(t, 'cart.excluded', excluded)}</span> : null}
        </div>
        {reason ? <span className="cart-group__reason" id={reasonId}>{reason}</span> : null}
        {canOrder ? (
          <LocalLink
            to={`/cart/checkout?client=${group.clientId}`}
            className="ui-button ui-button--primary"
            aria-label={t('cart.checkoutLabel', { name: group.clientName })}
          >
            {t('cart.checkout')}
          </LocalLink>
        ) : (
          <Button disabled aria-describedby={reasonId} aria-label={t('cart.checkoutLabel', { name: group.clientName })}>{t('cart.checkout')}</Button>
        )}
      </footer>
    </section>
  );
}
