/**
 * Transitions several machines say the same way, written once. Each is plain config (action and guard names, targets),
 * so it composes with any `setup` that defines the names it uses: `clearErrors`, `assignGatewayError` or
 * `notifyFailure`.
 */

/** A failed call's error as the params of the action that shows it. */
export const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** A failed call shows the gateway's message (and marks its field, when it names one). */
export const gatewayError = { type: 'assignGatewayError', params: errorOf } as const;

/** A failed call told by a toast with the gateway's text. */
export const toastFailure = { type: 'notifyFailure', params: errorOf } as const;

/**
 * A submit checked before anything is sent: when `guard` holds, the errors are cleared, `then` (if given) keeps what
 * was typed, and the machine goes to `target` (the call); otherwise it stays and `otherwise` shows what is wrong.
 */
export function checkedSubmit<const Guard extends string, const Target extends string, const Otherwise extends string>(
  guard: Guard, target: Target, otherwise: Otherwise,
): readonly [{ guard: Guard; target: Target; actions: 'clearErrors' }, { actions: readonly ['clearErrors', Otherwise] }];
export function checkedSubmit<const Guard extends string, const Target extends string, const Otherwise extends string, const Then extends string>(
  guard: Guard, target: Target, otherwise: Otherwise, then: Then,
): readonly [{ guard: Guard; target: Target; actions: readonly ['clearErrors', Then] }, { actions: readonly ['clearErrors', Otherwise] }];
export function checkedSubmit(guard: string, target: string, otherwise: string, then?: string): readonly object[] {
  const actions = then === undefined ? 'clearErrors' : ['clearErrors', then];
  return [{ guard, target, actions }, { actions: ['clearErrors', otherwise] }];
}
