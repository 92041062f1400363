import { isQuantityInRange } from '../../contract/board-checks';
import { defineEntry, firstBroken, sampleError } from '../shared/registry-entry';
import { cartMachine } from './cart';
import { sumPrices } from './cart-rules';
import { SAMPLE_CART, SAMPLE_CART_EMPTY, SAMPLE_QUANTITY_REFUSED, SAMPLE_QUANTITY_SAVED } from './samples';

// Registry entry of the cart machine; src/machines/index.ts lists it with the rest.

export const cart = defineEntry({
  machine: cartMachine,
  title: { ru: 'Корзина', en: 'Cart' },
  screen: '/cart',
  events: [
    { type: 'cart.setQuantity', lineId: 1, quantity: 20 },
    { type: 'cart.setQuantity', lineId: 1, quantity: 10 },
    { type: 'cart.setQuantity', lineId: 3, quantity: 5 },
    { type: 'cart.setQuantity', lineId: 1, quantity: 0 },
    { type: 'cart.setQuantity', lineId: 3, quantity: 100_001 },
    { type: 'cart.remove', lineId: 1 },
    { type: 'cart.remove', lineId: 3 },
    { type: 'cart.reload' },
  ],
  actorOutputs: {
    loadCart: [SAMPLE_CART, SAMPLE_CART_EMPTY],
    saveQuantities: [SAMPLE_QUANTITY_SAVED, SAMPLE_QUANTITY_REFUSED],
    removeLine: [{ cartTotal: 1 }],
  },
  actorErrors: { removeLine: [sampleError({ ru: 'Строка корзины не найдена', en: 'Cart line not found' })] },
  graphContext: (context) => ({
    lines: context.cart?.lines.map((line) => `${line.id}×${line.quantity}`) ?? null,
    drafts: context.drafts,
    sending: context.sending,
    invalid: context.invalid,
    removals: context.removals,
  }),
  invariants: (snapshot) => {
    const { cart: loaded, drafts, sending, invalid, removals } = snapshot.context;
    const ids = loaded?.lines.map((line) => line.id) ?? [];
    const keys = (record: Record<number, number>) => Object.keys(record).map(Number);
    return firstBroken([
      [!snapshot.matches('ready') || ids.length > 0, 'ready holds lines'],
      [!snapshot.matches('empty') || ids.length === 0, 'empty holds no lines'],
      [
        [...keys(drafts), ...keys(sending), ...keys(invalid), ...removals].every((id) => ids.includes(id)),
        'drafts, sending, invalid and removals name lines of the cart',
      ],
      [removals.every((id) => !(id in drafts) && !(id in invalid)), 'nothing is typed for a line being removed'],
      [Object.values({ ...drafts, ...sending }).every(isQuantityInRange), 'only quantities in range are sent or wait to be'],
      [
        !Object.values(invalid).some(isQuantityInRange) && keys(invalid).every((id) => !(id in drafts)),
        'an invalid quantity is only marked, in place of a draft',
      ],
      [loaded === null || loaded.total === sumPrices(loaded.lines), 'the total is the sum of the priced lines'],
      [
        !snapshot.matches({ ready: { quantities: 'idle' } }) || (keys(drafts).length === 0 && keys(sending).length === 0),
        'idle quantities hold nothing unsent',
      ],
      [!snapshot.matches({ ready: { removal: 'idle' } }) || removals.length === 0, 'idle removal has no queue'],
    ]);
  },
});
