/**
 * Why a send failed, as the worker acts on it: `retry` (the server or the network; it may pass), `permanent` (the
 * address or number is refused; no retry helps) or `cannotCall` (the provider places no flash call to this number:
 * the code goes by SMS instead).
 */
export type FailureKind = 'retry' | 'permanent' | 'cannotCall';

export class DeliveryFailure extends Error {
  constructor(message: string, readonly kind: FailureKind) {
    super(message);
    this.name = 'DeliveryFailure';
  }
}

/** Any error as a failure: unknown ones (a dropped connection, a timeout) are worth another try. */
export const asFailure = (error: unknown): DeliveryFailure =>
  error instanceof DeliveryFailure ? error : new DeliveryFailure(error instanceof Error ? error.message : String(error), 'retry');
