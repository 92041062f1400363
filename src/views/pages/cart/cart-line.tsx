import { useState } from 'react';
import type { CartLine } from '../../../contract/cart';
import { isRepricing, lineBlocker, shownQuantity } from '../../../machines/cart/cart-rules';
import { formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ProjectThumbnail } from '../projects/project-thumbnail';
import { CartActor, useCartSend } from './cart-actor';
import { pluralText } from '../../../services/plural';
import { QuantityField } from './quantity-field';

/** One project in the cart: what it is, how many, what it costs and how soon, and why it cannot be ordered yet. */
export function CartLineRow({ line }: { line: CartLine }) {
  const t = useT();
  const send = useCartSend();
  const [confirming, setConfirming] = useState(false);
  const quantity = CartActor.useSelector((snapshot) => shownQuantity(snapshot.context, line));
  const repricing = CartActor.useSelector((snapshot) => isRepricing(snapshot.context, line.id));
  const removing = CartActor.useSelector((snapshot) => snapshot.context.removals.includes(line.id));
  const error = CartActor.useSelector((snapshot) => snapshot.context.lineErrors[line.id] ?? null);
  const blocker = lineBlocker(line);
  const project = `/project/${line.projectId}`;

  return (
    <tr
      className={['cart-line', blocker ? 'cart-line--blocked' : ''].filter(Boolean).join(' ')}
      data-line-id={line.id}
      aria-busy={repricing || removing || undefined}
    >
      <td className="cart-line__project">
        <ProjectThumbnail project={line} />
        <div className="cart-line__about">
          <LocalLink to={project} className="cart-line__title">
            {line.title}
          </LocalLink>
          <span className="cart-line__type">{t(`wizard.productTypes.${line.productType}`)}</span>
          {blocker ? (
            <p className="cart-line__blocker">
              {t(`cart.blocked.${blocker}`)} <LocalLink to={project}>{t('cart.blocked.open')}</LocalLink>
            </p>
          ) : null}
          {line.dfmReview ? (
            <p className="cart-line__review">{t(line.dfmReviewReason === 'layersCorrected' ? 'cart.dfmReviewLayers' : 'cart.dfmReview')}</p>
          ) : null}
          {error ? (
            <p className="cart-line__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </td>
      <td className="cart-line__quantity">
        <QuantityField
          value={quantity}
          saved={line.quantity}
          title={line.title}
          disabled={removing}
          onChange={(next) => send({ type: 'cart.setQuantity', lineId: line.id, quantity: next })}
        />
      </td>
      <td className="cart-line__money">{formatPrice(line.unitPrice)}</td>
      <td className="cart-line__money">
        <span className={repricing ? 'cart-line__price cart-line__price--stale' : 'cart-line__price'}>{formatPrice(line.price)}</span>
        {repricing ? (
          <span className="cart-line__note" role="status">
            {t('cart.repricing')}
          </span>
        ) : null}
      </td>
      <td className="cart-line__days">{line.days === null ? t('cart.noDays') : pluralText(t, 'cart.days', line.days)}</td>
      <td className="cart-line__actions">
        {removing ? (
          <span className="cart-line__note" role="status">
            {t('cart.removing')}
          </span>
        ) : (
          <button
            type="button"
            className="ui-button ui-button--link"
            aria-label={t('cart.removeLabel', { title: line.title })}
            onClick={() => setConfirming(true)}
          >
            {t('cart.remove')}
          </button>
        )}
        <ConfirmDialog
          open={confirming}
          text={t('cart.removeConfirm', { title: line.title })}
          okLabel={t('cart.removeOk')}
          cancelLabel={t('cart.removeCancel')}
          onConfirm={() => {
            setConfirming(false);
            send({ type: 'cart.remove', lineId: line.id });
          }}
          onCancel={() => setConfirming(false)}
        />
      </td>
    </tr>
  );
}
