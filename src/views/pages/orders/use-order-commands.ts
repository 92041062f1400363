import { useCallback } from 'react';
import type { Order, OrderComplaint, OrderReview, Rating } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import { notifyOrderFailure, ordersGateway, type ReorderResult } from '../../../services/orders';
import { refreshCounters } from '../../../services/session';
import { showToast } from '../../../services/toasts';
import { useSessionActor } from '../../components/session-context';

type Target = Pick<Order, 'id' | 'number'>;

/** Runs one call; a refusal is told in the gateway's words (spec 8) and answers null. */
async function attempt<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    notifyOrderFailure(error);
    return null;
  }
}

/**
 * The one-request actions on an order, shared by the list and the order page. Each tells the result in a toast and,
 * when the menu badges may change, reloads the counters at once (spec 4 'refresh-counters').
 */
export function useOrderCommands() {
  const t = useT();
  const session = useSessionActor();

  const setFavorite = useCallback(async (order: Target, isFavorite: boolean): Promise<boolean> => {
    const done = await attempt(() => ordersGateway().setFavorite(order.id, isFavorite));
    if (done === null) return false;
    refreshCounters(session);
    return true;
  }, [session]);

  const cancel = useCallback(async (order: Target, reason: string): Promise<Order | null> => {
    const saved = await attempt(() => ordersGateway().cancel(order.id, reason));
    if (saved) {
      showToast({ kind: 'success', text: t('orders.toasts.canceled', { number: saved.number }) });
      refreshCounters(session);
    }
    return saved;
  }, [session, t]);

  const reorder = useCallback(async (order: Target): Promise<ReorderResult | null> => {
    const result = await attempt(() => ordersGateway().reorder(order.id));
    if (result) {
      const text = result.skipped > 0
        ? t('orders.toasts.reorderedSkipped', { added: result.added, skipped: result.skipped })
        : t('orders.toasts.reordered', { added: result.added });
      showToast({ kind: result.added > 0 ? 'success' : 'info', text });
      refreshCounters(session);
    }
    return result;
  }, [session, t]);

  const addReview = useCallback(async (order: Target, rating: Rating, text: string): Promise<OrderReview | null> => {
    const review = await attempt(() => ordersGateway().addReview(order.id, rating, text));
    if (review) showToast({ kind: 'success', text: t('orders.toasts.reviewed') });
    return review;
  }, [t]);

  const addComplaint = useCallback(async (order: Target, lineId: number | null, text: string): Promise<OrderComplaint | null> => {
    const complaint = await attempt(() => ordersGateway().addComplaint(order.id, lineId, text));
    if (complaint) showToast({ kind: 'success', text: t('orders.toasts.complained') });
    return complaint;
  }, [t]);

  const cancelComplaint = useCallback(async (complaintId: number): Promise<OrderComplaint | null> => {
    const complaint = await attempt(() => ordersGateway().cancelComplaint(complaintId));
    if (complaint) showToast({ kind: 'success', text: t('orders.toasts.complaintCanceled') });
    return complaint;
  }, [t]);

  const download = useCallback(
    async (url: string, fileName: string): Promise<boolean> => (await attempt(() => ordersGateway().download(url, fileName))) !== null,
    [],
  );

  return { setFavorite, cancel, reorder, addReview, addComplaint, cancelComplaint, download };
}

export type OrderCommands = ReturnType<typeof useOrderCommands>;
