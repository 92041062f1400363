import { useId, useState } from 'react';
import { RATINGS, type Order, type Rating } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import { TextAreaField } from '../../components/form/text-area-field';
import { Button } from '../../components/ui/button';
import { useAddOrderReview } from './api/order-mutations';
import { OrderNote } from './order-note';
import { OrderPanel } from './order-panel';
import { FlowForm } from '../../components/form/flow-form';

/**
 * The reviews of the order's members and, once the boards are made and while the user has not, a review form. A saved
 * review has the order asked again: it lists the review and no longer offers the form.
 */
export function OrderReviews({ order }: { order: Order }) {
  const t = useT();
  if (order.reviews.length === 0 && !order.can.review) return null;
  return (
    <OrderPanel id="order-reviews-title" title={t('orders.reviews.title')}>
      {order.reviews.length > 0 ? (
        <ul className="order-notes">
          {order.reviews.map((review) => (
            <OrderNote
              key={review.id}
              data={{ 'data-review-id': review.id }}
              badge={<span className={`order-rating order-rating--${review.rating}`}>{t(`rating.${review.rating}`)}</span>}
              author={review.authorName}
              createdAt={review.createdAt}
            >
              {review.text ? <p className="order-note__text">{review.text}</p> : null}
            </OrderNote>
          ))}
        </ul>
      ) : null}
      {order.can.review ? <ReviewForm order={order} /> : null}
    </OrderPanel>
  );
}

function ReviewForm({ order }: { order: Order }) {
  const t = useT();
  const name = useId();
  const review = useAddOrderReview();
  const [rating, setRating] = useState<Rating | null>(null);
  const [text, setText] = useState('');
  const [missingRating, setMissingRating] = useState(false);

  const submit = () => {
    if (rating === null) {
      setMissingRating(true);
      return;
    }
    review.mutate({ order, rating, text: text.trim() }, {
      onSuccess: () => {
        setRating(null);
        setText('');
      },
    });
  };

  return (
    <FlowForm className="order-form" onSubmit={submit} aria-label={t('orders.reviews.formLabel')}>
      <fieldset className="order-form__ratings" aria-describedby={missingRating ? `${name}-error` : undefined}>
        <legend className="field__label">{t('orders.reviews.rating')}</legend>
        {RATINGS.map((code) => (
          <label key={code} className={`order-form__rating order-rating--${code}`}>
            <input
              type="radio"
              name={name}
              value={code}
              checked={rating === code}
              onChange={() => {
                setRating(code);
                setMissingRating(false);
              }}
            />
            {t(`rating.${code}`)}
          </label>
        ))}
        {missingRating ? (
          <p className="field__error" id={`${name}-error`}>
            {t('orders.reviews.ratingRequired')}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField label={t('orders.reviews.text')} controlClassName="order-form__text" maxLength={4000} value={text} onValueChange={setText} />
      <div className="order-form__actions">
        <Button type="submit" busy={review.isPending}>
          {t('orders.reviews.submit')}
        </Button>
      </div>
    </FlowForm>
  );
}
