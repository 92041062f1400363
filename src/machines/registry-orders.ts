import { defineEntry, type MachineEntry } from './registry-entry';
import { orderLifecycleMachine } from './order-lifecycle';

// Registry entries of the order machines (issue 7); src/machines/index.ts lists them with the rest.

export const orderLifecycle = defineEntry({
  id: 'orderLifecycle',
  machine: orderLifecycleMachine,
  title: { ru: 'Жизненный цикл заказа', en: 'Order lifecycle' },
  screen: '/orders/:id',
  input: undefined,
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

export const ordersEntries: readonly MachineEntry[] = [orderLifecycle];
