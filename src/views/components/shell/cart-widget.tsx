import type { Counters } from '../../../contract/counters';
import { formatPrice } from '../../../services/format';
import { getLocale, useT } from '../../../services/i18n';
import { LocalLink } from '../local-link';
import { useSession } from '../session-context';
import { Icon } from '../ui/icon';

/** The price when above 0; else 'Цена не рассчитана' while the cart holds projects; else 'Нет проектов'. */
export function cartStatus(cart: Counters['basket'], t: (key: string) => string): string {
  if (cart.price > 0) return formatPrice(cart.price);
  return t(cart.total > 0 ? 'shell.cart.noPrice' : 'shell.cart.empty');
}

function projectCount(count: number, t: (key: string, params: Record<string, number>) => string): string {
  const form = new Intl.PluralRules(getLocale()).select(count);
  return t(`shell.cart.projects.${form}`, { count });
}

/** Header cart summary, a link to /cart. Before the counters arrive it shows its title alone. */
export function CartWidget() {
  const t = useT();
  const cart = useSession((s) => s.context.counters?.basket ?? null);
  return (
    <LocalLink to="/cart" className="cart-widget" activeClassName="cart-widget--active">
      <Icon name="cart" size={24} className="cart-widget__icon" />
      <span className="cart-widget__text">
        <span className="cart-widget__title">{t('shell.cart.title')}</span>
        {cart ? <span className="cart-widget__status">{cartStatus(cart, t)}</span> : null}
      </span>
      {cart && cart.total > 0 ? <span className="cart-widget__count">{projectCount(cart.total, t)}</span> : null}
    </LocalLink>
  );
}
