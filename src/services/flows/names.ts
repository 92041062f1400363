// Readable names for the guards and actions of a machine definition, whatever form they were written in.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  (typeof value === 'object' && value !== null) || typeof value === 'function';
// An inline arrow function takes its name from the config key it sits under, which says nothing.
const CONFIG_KEYS = new Set(['guard', 'actions', 'entry', 'exit']);
const functionName = (value: unknown): string =>
  (typeof value === 'function' && !CONFIG_KEYS.has(value.name) ? value.name : '');

/** `isValidToken`, `!isBusy`, `a && b`, `in(#login.done)`; inline functions by their name. */
export function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  const fnName = functionName(guard);
  if (!isRecord(guard)) return 'guard';
  const nested = Array.isArray(guard.guards) ? guard.guards.map(guardName) : null;
  if (nested && fnName === 'not') return `!${nested[0] ?? ''}`;
  if (nested && (fnName === 'and' || fnName === 'or')) return `(${nested.join(fnName === 'and' ? ' && ' : ' || ')})`;
  if (fnName === 'stateIn' && 'stateValue' in guard) return `in(${JSON.stringify(guard.stateValue)})`;
  if (typeof guard.type === 'string') return guard.type;
  return fnName || 'inline guard';
}

/**
 * `assignToken` for named actions; built-ins (`assign`, `raise`) by their kind; null for the raise/cancel
 * pair XState adds to entry/exit for `after` timers, which the diagram already shows as arrows.
 */
export function actionName(action: unknown): string | null {
  if (typeof action === 'string') return action;
  const fnName = functionName(action);
  if (!isRecord(action)) return null;
  const timer = typeof action.id === 'string' ? action.id : typeof action.sendId === 'string' ? action.sendId : '';
  if (timer.startsWith('xstate.after.')) return null;
  if (typeof action.type === 'string') return action.type.replace(/^xstate\./, '');
  return fnName || 'inline action';
}
