import { fromPromise } from 'xstate';

/**
 * A gateway actor declared by name: machines stay pure, and services supply the real call
 * with `machine.provide({ actors })`. Running the placeholder is a wiring mistake, so it fails loudly.
 */
export function notProvided<Output, Input = void>(name: string) {
  return fromPromise<Output, Input>(() => Promise.reject(new Error(`${name}: not provided`)));
}
