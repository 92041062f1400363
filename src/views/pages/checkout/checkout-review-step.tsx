import { CHECKOUT_COMMENT_MAX } from '../../../contract/cart';
import { VAT_PERCENT } from '../../../contract/orders';
import { vatOfPricedLines } from '../../../machines/cart/cart-rules';
import { groupOf } from '../../../machines/checkout/checkout-rules';
import { formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { TextAreaField } from '../../components/form/text-area-field';
import { FormError } from '../../components/form/form-error';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { CheckoutActor, useCheckoutSend } from './checkout-actor';
import { FilesQuestion, ReviewNote } from './checkout-files';
import { Chosen } from './checkout-chosen';
import { StepFrame } from './checkout-step';
import { pluralText } from '../../../services/plural';

/** Everything the order will say, the sum with its VAT, a comment, and the one button that places it. */
export function ReviewStep() {
  const t = useT();
  const send = useCheckoutSend();
  const group = CheckoutActor.useSelector((snapshot) => groupOf(snapshot.context));
  const comment = CheckoutActor.useSelector((snapshot) => snapshot.context.comment);
  const error = CheckoutActor.useSelector((snapshot) => snapshot.context.error);
  const errorField = CheckoutActor.useSelector((snapshot) => snapshot.context.errorField);
  const placing = CheckoutActor.useSelector((snapshot) => snapshot.matches('placing'));
  const canPlace = CheckoutActor.useSelector((snapshot) => snapshot.can({ type: 'checkout.place' }));
  const lines = group?.orderable ?? [];
  const left = (group?.lines.length ?? 0) - lines.length;
  const total = group?.subtotal ?? 0;
  const commentError = errorField === 'comment' ? error : null;

  const place = (
    <Button busy={placing} disabled={!canPlace} onClick={() => send({ type: 'checkout.place' })}>{t('checkout.review.place')}</Button>
  );
  return (
    <StepFrame step="review" lead={t('checkout.review.lead')} action={place}>
      {error && !commentError ? (
        <div className="checkout-review__failure">
          <FormError message={error} />
          <p className="checkout-review__kept">{t('checkout.review.keptCart')}</p>
        </div>
      ) : null}
      <DataTable
        className="checkout-lines"
        caption={t('checkout.review.lines')}
        captionClassName="checkout-review__caption"
        columns={[
          t('checkout.review.columns.project'), t('checkout.review.columns.quantity'),
          { label: t('checkout.review.columns.unitPrice'), className: 'checkout-lines__money' },
          { label: t('checkout.review.columns.price'), className: 'checkout-lines__money' }, t('checkout.review.columns.days'),
        ]}
        rows={lines}
      >
        {(line) => (
          <tr key={line.id} data-line-id={line.id}>
            <td>
              <span className="checkout-lines__title">{line.title}</span>
              <span className="checkout-lines__type">{t(`wizard.productTypes.${line.productType}`)}</span>
            </td>
            <td>{t('checkout.review.quantity', { count: line.quantity })}</td>
            <td className="checkout-lines__money">{formatPrice(line.unitPrice)}</td>
            <td className="checkout-lines__money">{formatPrice(line.price)}</td>
            <td>{line.days === null ? t('cart.noDays') : pluralText(t, 'cart.days', line.days)}</td>
          </tr>
        )}
      </DataTable>
      {left > 0 ? <p className="checkout-step__note">{pluralText(t, 'checkout.review.leftInCart', left)}</p> : null}
      <dl className="checkout-review__totals">
        <dt>{t('checkout.review.total')}</dt>
        <dd className="checkout-review__total">{formatPrice(total)}</dd>
        <dt>{t('checkout.review.vat', { percent: VAT_PERCENT })}</dt>
        <dd>{formatPrice(vatOfPricedLines(lines))}</dd>
      </dl>
      <FilesQuestion />
      <ReviewNote />
      <Chosen />
      <TextAreaField
        label={t('checkout.review.comment')}
        error={commentError ?? undefined}
        hint={t('checkout.review.commentHint', { max: CHECKOUT_COMMENT_MAX })}
        controlClassName="checkout-review__comment"
        maxLength={CHECKOUT_COMMENT_MAX}
        value={comment}
        disabled={placing}
        onValueChange={(value) => send({ type: 'checkout.setComment', comment: value })}
      />
    </StepFrame>
  );
}
