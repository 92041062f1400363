import { defineEntry } from '../shared/registry-entry';
import { orderLifecycleMachine } from './order-lifecycle';

// Registry entry of the order lifecycle; src/machines/index.ts lists it with the rest.

export const orderLifecycle = defineEntry({
  machine: orderLifecycleMachine,
  title: { ru: 'Жизненный цикл заказа', en: 'Order lifecycle' },
  screen: '/orders/:id',
  events: [
    { type: 'approve' },
    { type: 'hold', reason: 'Нет контура платы в файлах' },
    { type: 'release' },
    { type: 'pay' },
    { type: 'finish' },
    { type: 'ship', trackingNumber: '10234567890' },
    { type: 'cancel' },
  ],
  actorOutputs: {},
});
