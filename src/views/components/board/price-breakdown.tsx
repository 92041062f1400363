import { useId } from 'react';
import type { PriceLine, PriceQuote } from '../../../contract/projects';
import { formatNumbersIn, formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { pluralText } from '../../../services/plural';
import './board.css';

export type PriceState = 'idle' | 'waiting' | 'quoting' | 'quoted' | 'failed' | 'invalid';

interface PriceBreakdownProps {
  quote: PriceQuote | null;
  state: PriceState;
  /** Why the price failed, or what makes the parameters invalid. */
  message?: string;
  /** The files are still being checked: the class they need may change the price. */
  provisional?: boolean;
}

/**
 * The price with its lines. While a new price is on its way the last one stays on screen, dimmed and marked
 * busy, so typing in a field never blanks the panel.
 */
export function PriceBreakdown({ quote, state, message, provisional = false }: PriceBreakdownProps) {
  const t = useT();
  const titleId = useId();
  const busy = state === 'waiting' || state === 'quoting';
  const stale = busy || state === 'invalid' || state === 'failed';
  return (
    <section className="price-breakdown" aria-labelledby={titleId} aria-busy={busy || undefined}>
      <h2 className="price-breakdown__title" id={titleId}>{t('board.price.title')}</h2>
      <p className="price-breakdown__state" role="status">
        {busy ? t('board.price.quoting') : null}
        {state === 'invalid' ? message ?? t('board.price.invalid') : null}
        {state === 'failed' ? message ?? t('board.price.failed') : null}
        {state === 'idle' && !quote ? t('board.price.idle') : null}
        {state === 'quoted' && provisional ? t('board.price.provisional') : null}
      </p>
      {quote ? (
        <div className={stale ? 'price-breakdown__body price-breakdown__body--stale' : 'price-breakdown__body'}>
          <p className="price-breakdown__total">
            <span>{t('board.price.total')}</span>
            <strong data-testid="price-total">{formatPrice(quote.total)}</strong>
          </p>
          <dl className="price-breakdown__facts">
            <div>
              <dt>{t('board.price.perUnit')}</dt>
              <dd>{formatPrice(quote.perUnit)}</dd>
            </div>
            <div>
              <dt>{t('board.price.days')}</dt>
              <dd>{t('board.price.daysValue', { days: quote.days })}</dd>
            </div>
          </dl>
          <table className="price-breakdown__lines">
            <caption className="visually-hidden">{t('board.price.linesCaption')}</caption>
            <tbody>
              {quote.lines.map((line, index) => (
                <tr key={`${line.code}-${index}`}>
                  <th scope="row">
                    {t(`pricing.lines.${line.code}`)}
                    {line.detail ? <span className="price-breakdown__detail">{detailText(line, t)}</span> : null}
                  </th>
                  <td>{formatPrice(line.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="price-breakdown__version">{t('board.price.table', { version: quote.tableVersion })}</p>
        </div>
      ) : (
        <p className="price-breakdown__total price-breakdown__total--none">
          <span>{t('board.price.total')}</span>
          <strong>{formatPrice(null)}</strong>
        </p>
      )}
    </section>
  );
}

/**
 * A line's detail as read: the gateway sends numbers only (the same in both languages, stored with the quote), so
 * the one bare count, the setup's layer count, gets its unit here ('4 слоя'); formulas read as they are.
 */
function detailText(line: PriceLine, t: ReturnType<typeof useT>): string {
  const detail = line.detail ?? '';
  if (line.code === 'setup' && /^\d+$/.test(detail)) return pluralText(t, 'pricing.details.layers', Number(detail));
  return formatNumbersIn(detail);
}
