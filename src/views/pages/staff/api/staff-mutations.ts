import { invoiceFileName } from '../../../../services/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderAction } from '../../../../contract/orders';
import { ApiError } from '../../../../services/api';
import { notifyCallFailure } from '../../../../services/call-failure';
import { lineFilesName } from '../../../../services/orders';
import { t } from '../../../../services/i18n';
import { showToast } from '../../../../services/toasts';
import { staffCalls, type AskInput, type CorrectInput, type StaffMove } from '../../../../services/staff/staff-calls';
import { saveStaffFile } from './staff-files';
import { queueKey, staffOrderKey } from './staff-queries';

/**
 * One action on an order from a desk: the gateway's refusal in its words (another engineer's claim, a move the
 * status no longer accepts), and afterwards the order and the queue asked again, whatever happened, since a refusal
 * usually means someone else changed the order meanwhile.
 */
function useOrderAction<Variables extends { orderId: number }>(
  send: (variables: Variables) => Promise<unknown>,
  doneText: (variables: Variables) => string,
  shownInForm: (error: unknown) => boolean = () => false,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_answer, variables) => showToast({ kind: 'success', text: doneText(variables) }),
    onError: (error) => (shownInForm(error) ? undefined : notifyCallFailure('staff', error)),
    onSettled: async (_answer, _error, { orderId }) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: staffOrderKey(orderId) }),
        client.invalidateQueries({ queryKey: queueKey }),
      ]);
    },
  });
}

export const useClaim = () => useOrderAction(
  ({ orderId, takeOver }: { orderId: number; takeOver: boolean }) => staffCalls().claim(orderId, takeOver),
  () => t('staff.claim.taken'),
);
export const useUnclaim = () => useOrderAction(({ orderId }: { orderId: number }) => staffCalls().unclaim(orderId), () => t('staff.claim.dropped'));
export const useRelease = () => useOrderAction(
  ({ orderId, note }: { orderId: number; note: string }) => staffCalls().release(orderId, note || undefined),
  () => t('staff.check.released'),
);
export const useAsk = () => useOrderAction((input: AskInput) => staffCalls().ask(input), () => t('staff.check.asked'));
/** A refusal naming a field of the corrections is shown at that field in the dialog, not in a toast. */
export const isCorrectionFieldError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 400 && /^(lines\.\d+\.params\.|message$)/.test(error.field ?? '');
export const useCorrect = () => useOrderAction(
  (input: CorrectInput) => staffCalls().correct(input),
  () => t('staff.correct.sent'),
  isCorrectionFieldError,
);
export const useCheckCancel = () => useOrderAction(
  ({ orderId, reason }: { orderId: number; reason: string }) => staffCalls().cancel(orderId, reason),
  () => t('staff.check.canceled'),
);
export const useMove = () => useOrderAction(
  (move: StaffMove) => staffCalls().move(move),
  ({ action }: { action: OrderAction }) => t('staff.moves.done', { action: t(`staff.moves.${action}`) }),
);

/** Why an order's file did not come: missing (or not the desk's to read), or failed. */
const orderFileFailedText = (status: number) => t(status === 404 ? 'orders.download.notFound' : 'orders.download.failed');

/** A line's files, read with the staff token and saved under the customer's own naming. */
export const useDownloadLineFiles = () => useMutation({
  mutationFn: ({ url, orderNumber, title }: { url: string; orderNumber: string; title: string }) =>
    saveStaffFile(staffCalls().file(url), lineFilesName(orderNumber, title), orderFileFailedText),
  onError: (error) => notifyCallFailure('staff', error),
});

/** An order's invoice or УПД as a PDF, fetched with the staff token and saved under its number. */
export const useDownloadDocument = () => useMutation({
  mutationFn: ({ url, number }: { url: string; number: string }) => saveStaffFile(staffCalls().file(url), invoiceFileName(number), orderFileFailedText),
  onError: (error) => notifyCallFailure('staff', error),
});
