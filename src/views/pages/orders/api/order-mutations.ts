import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, Rating } from '../../../../contract/orders';
import { takesFiles } from '../../../../services/engineer-requests';
import { t } from '../../../../services/i18n';
import { lineFilesName, notifyOrderFailure, ordersCalls } from '../../../../services/orders';
import { refreshCounters } from '../../../../services/session';
import { showToast } from '../../../../services/toasts';
import { useSessionActor } from '../../../components/session-context';
import { orderKey, putOrder } from './get-order';

// The one-request actions on an order, shared by the list and the order page. Each tells a refusal in the gateway's
// words and, when the menu badges may change, reloads the counters at once (the product spec's 'refresh-counters' event).

type Target = Pick<Order, 'id' | 'number'>;

/** An answer that moves the order on its way: said in a toast, the counters reload, the order shown is the one saved. */
function useOrderMoved() {
  const client = useQueryClient();
  const session = useSessionActor();
  return async (saved: Order, text: string) => {
    showToast({ kind: 'success', text });
    refreshCounters(session);
    await putOrder(client, saved);
  };
}

/**
 * The star. Optimistic: an order page shown turns it at once and turns it back if the gateway refuses (a list turns
 * its own line the same way).
 */
export function useSetOrderFavorite() {
  const client = useQueryClient();
  const session = useSessionActor();
  const star = (id: number, isFavorite: boolean) =>
    client.setQueryData<Order>(orderKey(id), (shown) => shown && { ...shown, isFavorite });
  return useMutation({
    mutationFn: ({ order, isFavorite }: { order: Target; isFavorite: boolean }) => ordersCalls().setFavorite(order.id, isFavorite),
    onMutate: async ({ order, isFavorite }) => {
      await client.cancelQueries({ queryKey: orderKey(order.id) });
      star(order.id, isFavorite);
    },
    onSuccess: () => refreshCounters(session),
    onError: (error, { order, isFavorite }) => {
      star(order.id, !isFavorite);
      notifyOrderFailure(error);
    },
  });
}

export function useCancelOrder() {
  const moved = useOrderMoved();
  return useMutation({
    mutationFn: ({ order, reason }: { order: Target; reason: string }) => ordersCalls().cancel(order.id, reason),
    onSuccess: (saved) => moved(saved, t('orders.toasts.canceled', { number: saved.number })),
    onError: notifyOrderFailure,
  });
}

/** The order's lines to the cart again; `data` keeps the answer, so the way to the cart stays by the button. */
export function useReorder() {
  const session = useSessionActor();
  return useMutation({
    mutationFn: (order: Target) => ordersCalls().reorder(order.id),
    onSuccess: (result) => {
      const text = result.skipped > 0
        ? t('orders.toasts.reorderedSkipped', { added: result.added, skipped: result.skipped })
        : t('orders.toasts.reordered', { added: result.added });
      showToast({ kind: result.added > 0 ? 'success' : 'info', text });
      refreshCounters(session);
    },
    onError: notifyOrderFailure,
  });
}

/** A review, a complaint or its withdrawal changes what the order shows: the order is asked again quietly. */
function useOrderNote<Variables extends { order: Target }, Answer>(send: (variables: Variables) => Promise<Answer>, doneKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_answer, { order }) => {
      showToast({ kind: 'success', text: t(doneKey) });
      void client.invalidateQueries({ queryKey: orderKey(order.id) });
    },
    onError: notifyOrderFailure,
  });
}

export const useAddOrderReview = () => useOrderNote(
  ({ order, rating, text }: { order: Target; rating: Rating; text: string }) => ordersCalls().addReview(order.id, rating, text),
  'orders.toasts.reviewed',
);

export const useAddOrderComplaint = () => useOrderNote(
  ({ order, lineId, text }: { order: Target; lineId: number | null; text: string }) => ordersCalls().addComplaint(order.id, lineId, text),
  'orders.toasts.complained',
);

export const useCancelOrderComplaint = () => useOrderNote(
  ({ complaintId }: { order: Target; complaintId: number }) => ordersCalls().cancelComplaint(complaintId),
  'orders.toasts.complaintCanceled',
);

export const ORDER_FILE_DOWNLOAD = ['orders', 'file'] as const;

/** A line's files as a zip named after the order and the line; several may download at once. */
export function useDownloadOrderFile() {
  return useMutation({
    mutationKey: ORDER_FILE_DOWNLOAD,
    mutationFn: ({ order, title, url }: { order: Target; title: string; url: string }) =>
      ordersCalls().download(url, lineFilesName(order.number, title)),
    onError: notifyOrderFailure,
  });
}

/**
 * One line's files for an order awaiting them or for an engineer's request of new files:
 * uploaded, processed, attached; the page shows the answer. The last files wanted send the order on.
 */
export function useAttachOrderFiles() {
  const client = useQueryClient();
  const session = useSessionActor();
  return useMutation({
    mutationFn: ({ order, lineId, files }: { order: Pick<Order, 'id' | 'clientId'>; lineId: number; title: string; files: File[] }) =>
      ordersCalls().attachFiles(order, lineId, files),
    onSuccess: async (saved, { title }) => {
      const waiting = takesFiles(saved);
      showToast({ kind: 'success', text: waiting ? t('orders.toasts.filesAttached', { title }) : t('orders.toasts.filesComplete') });
      if (!waiting) refreshCounters(session);
      await putOrder(client, saved);
    },
    onError: notifyOrderFailure,
  });
}

/**
 * The customer's answer to an engineer's question. A refusal stays with the form (`error`), beside the
 * text it is about; the hold changes with the answer, so the counters reload.
 */
export function useAnswerEngineerRequest() {
  const moved = useOrderMoved();
  return useMutation({
    mutationFn: ({ order, requestId, answer }: { order: Target; requestId: number; answer: string }) =>
      ordersCalls().answerRequest(order.id, requestId, answer),
    onSuccess: (saved) => moved(saved, t('orders.toasts.answered')),
  });
}

/**
 * The customer's acceptance or refusal of an engineer's corrected parameters. A refusal of the call (a role
 * that may not order gets 403) stays with the buttons (`error`); either answer moves the hold, so the counters reload.
 */
export function useAcceptEngineerCorrection() {
  const moved = useOrderMoved();
  return useMutation({
    mutationFn: ({ order, requestId, accept }: { order: Target; requestId: number; accept: boolean }) =>
      ordersCalls().acceptCorrection(order.id, requestId, accept),
    onSuccess: (saved, { accept }) => moved(saved, t(accept ? 'orders.toasts.correctionAccepted' : 'orders.toasts.correctionDeclined')),
  });
}
