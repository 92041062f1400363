import { attachOrderFiles, type Order } from '../contract/orders';
import type { UploadState } from '../contract/board-files';
import { ApiError, callApi } from './api';
import { prepareUpload, sendUpload } from './board-files';
import { waitForDfm } from './board-dfm';
import { watchProcessing } from './board-processing';
import { t } from './i18n';

/** Waits for the gateway to finish processing an upload (over /streaming, or by polling). */
function processedUpload(state: UploadState): Promise<UploadState> {
  if (state.status !== 'processing') return Promise.resolve(state);
  return new Promise((resolve, reject) => {
    watchProcessing(state.uploadId, {
      step: () => undefined,
      processed: resolve,
      failed: (message) => reject(new ApiError(400, message, 'file')),
    });
  });
}

/**
 * The files an order awaits, for one line: the wizard's upload for the order's client, processed as the
 * wizard's are, then attached to the line; answers the order as it is then (released once no line lacks files).
 */
export async function uploadOrderFiles(order: Pick<Order, 'id' | 'clientId'>, lineId: number, items: readonly unknown[]): Promise<Order> {
  const prepared = await prepareUpload(items);
  const sent = await sendUpload(order.clientId, prepared, { progress: () => undefined }, new AbortController().signal);
  const processed = await processedUpload(sent);
  if (processed.status !== 'done') throw new ApiError(400, processed.message ?? t('orders.files.failed'), 'file');
  // The gateway judges the files' DFM as they are attached (errors send the line to the engineer's review), so the
  // attach waits for it: it comes seconds after the pictures. A failed check is over too and judged as unchecked.
  if (processed.analysis?.dfmStatus === 'running') await waitForDfm(processed.uploadId, false, new AbortController().signal);
  return callApi(attachOrderFiles, { body: { orderId: order.id, lineId, uploadId: processed.uploadId } });
}
