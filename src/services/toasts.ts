import { changeListeners } from './listeners';

/**
 * Short messages shown bottom-right, each for 5000 ms. The timers live here, not in the view,
 * so a toast keeps its time when the frame re-renders or the page changes under it.
 */

export const TOAST_DURATION_MS = 5000;

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  /** Already translated. */
  text: string;
  kind: ToastKind;
}

interface Timer {
  remaining: number;
  /** Pointer and keyboard focus each hold the clock; it runs again when neither does. */
  holds: number;
  startedAt: number;
  handle: ReturnType<typeof setTimeout> | null;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, Timer>();
const changes = changeListeners();

function emit(next: readonly Toast[]): void {
  toasts = next;
  changes.notify();
}

function run(id: number, timer: Timer): void {
  timer.startedAt = Date.now();
  timer.handle = setTimeout(() => dismissToast(id), timer.remaining);
}

/** Shows a toast; returns its id, for closing it early. */
export function showToast({ text, kind = 'info' }: { text: string; kind?: ToastKind }): number {
  const id = nextId;
  nextId += 1;
  const timer: Timer = { remaining: TOAST_DURATION_MS, holds: 0, startedAt: 0, handle: null };
  timers.set(id, timer);
  run(id, timer);
  emit([...toasts, { id, text, kind }]);
  return id;
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
  if (toasts.some((toast) => toast.id === id)) emit(toasts.filter((toast) => toast.id !== id));
}

/** Stops the clock while the user reads (pointer or focus on the toast). */
export function pauseToast(id: number): void {
  const timer = timers.get(id);
  if (!timer) return;
  timer.holds += 1;
  if (!timer.handle) return;
  clearTimeout(timer.handle);
  timer.handle = null;
  timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
}

export function resumeToast(id: number): void {
  const timer = timers.get(id);
  if (!timer) return;
  timer.holds = Math.max(0, timer.holds - 1);
  if (timer.holds === 0 && !timer.handle) run(id, timer);
}

/** Tests and sign-out start from an empty stack. */
export function clearToasts(): void {
  for (const toast of toasts) dismissToast(toast.id);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export const subscribeToasts = changes.subscribe;
