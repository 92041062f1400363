import type { EngineerRequest, LineCorrection } from '../../../contract/engineer-requests';
import type { Order } from '../../../contract/orders';
import { correctionDifference } from '../../../services/engineer-requests';
import { formatPrice, formatPriceChange } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { changedParams } from '../../components/board/param-rows';

type Translate = ReturnType<typeof useT>;
interface Change { key: string; label: string; before: string; after: string }

/** What a corrected line changes, in the project page's words: its parameters, then price and lead time as they move. */
function lineChanges(t: Translate, { before, after }: LineCorrection): Change[] {
  const none = t('orders.requests.correction.none');
  const params = changedParams(t, before.params, after.params)
    .map((change) => ({ key: change.key, label: change.label, before: change.before ?? none, after: change.after ?? none }));
  const days = (count: number) => t('orders.lines.daysValue', { count });
  const money: Change[] = [
    ...(before.unitPrice !== after.unitPrice
      ? [{ key: 'unitPrice', label: t('orders.lines.unitPrice'), before: formatPrice(before.unitPrice), after: formatPrice(after.unitPrice) }] : []),
    { key: 'total', label: t('orders.lines.total'), before: formatPrice(before.total), after: formatPrice(after.total) },
    ...(before.days !== after.days ? [{ key: 'days', label: t('orders.lines.days'), before: days(before.days), after: days(after.days) }] : []),
  ];
  return [...params, ...money];
}

/**
 * An engineer's corrected lines, each by its title, with what changes before → after, and what the order's
 * total becomes; while the customer has not answered, the new total beside the current one.
 */
export function CorrectionChanges({ order, request, open }: { order: Order; request: EngineerRequest; open: boolean }) {
  const t = useT();
  const difference = correctionDifference(request);
  const titleOf = (correction: LineCorrection) => order.lines.find((line) => line.id === correction.lineId)?.title
    ?? t(`wizard.productTypes.${correction.after.params.productType}`);
  return (
    <div className="order-correction">
      {(request.corrections ?? []).map((correction) => (
        <div key={correction.lineId} className="order-correction__line">
          <h3 className="order-correction__title">{titleOf(correction)}</h3>
          <ul className="order-correction__changes" aria-label={t('orders.requests.correction.changesOf', { title: titleOf(correction) })}>
            {lineChanges(t, correction).map((change) => (
              <li key={change.key}>{t('orders.requests.correction.change', { label: change.label, before: change.before, after: change.after })}</li>
            ))}
          </ul>
        </div>
      ))}
      <p className="order-correction__difference">
        {difference === 0 ? t('orders.requests.correction.noDifference')
          : t('orders.requests.correction.difference', { difference: formatPriceChange(difference) })}
      </p>
      {open && difference !== 0 ? (
        <p className="order-correction__total">
          {t('orders.requests.correction.newTotal', { total: formatPrice(order.total + difference), was: formatPrice(order.total) })}
        </p>
      ) : null}
    </div>
  );
}
