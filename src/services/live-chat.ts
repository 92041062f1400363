import { useSyncExternalStore } from 'react';
import { changeListeners } from './listeners';

/**
 * The live-chat widget is an external script. It announces itself with a window event whose detail carries its
 * controls; until then the support menu offers no chat. A widget that loaded before this module may
 * also leave its controls on `window.pcbLiveChat`.
 */
export const LIVE_CHAT_READY_EVENT = 'pcb:live-chat-ready';
/** The widget reports here when its own close button closed it: detail `{ open: boolean }`. */
export const LIVE_CHAT_STATE_EVENT = 'pcb:live-chat-state';

export interface LiveChatWidget {
  open(): void;
  close(): void;
}

interface LiveChatState {
  ready: boolean;
  open: boolean;
}

let widget: LiveChatWidget | null = null;
let state: LiveChatState = { ready: false, open: false };
let listening = false;
const changes = changeListeners();

function set(next: LiveChatState): void {
  state = next;
  changes.notify();
}

function isWidget(value: unknown): value is LiveChatWidget {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof LiveChatWidget, unknown>>;
  return typeof candidate.open === 'function' && typeof candidate.close === 'function';
}

function adopt(candidate: unknown): void {
  if (!isWidget(candidate)) return;
  widget = candidate;
  set({ ready: true, open: false });
}

function onReady(event: Event): void {
  adopt(event instanceof CustomEvent ? event.detail : null);
}

function onState(event: Event): void {
  const detail: unknown = event instanceof CustomEvent ? event.detail : null;
  if (!state.ready || typeof detail !== 'object' || detail === null || !('open' in detail)) return;
  set({ ...state, open: detail.open === true });
}

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener(LIVE_CHAT_READY_EVENT, onReady);
  window.addEventListener(LIVE_CHAT_STATE_EVENT, onState);
  adopt((window as { pcbLiveChat?: unknown }).pcbLiveChat);
}

export function getLiveChatState(): LiveChatState {
  return state;
}

/** Opens the chat when closed and closes it when open. */
export function toggleLiveChat(): void {
  if (!widget) return;
  if (state.open) widget.close();
  else widget.open();
  set({ ...state, open: !state.open });
}

function subscribe(listener: () => void): () => void {
  listen();
  return changes.subscribe(listener);
}

export function useLiveChat(): LiveChatState {
  return useSyncExternalStore(subscribe, getLiveChatState, getLiveChatState);
}

/** Forgets the widget (tests; a widget that unloads itself may send a new ready event later). */
export function resetLiveChat(): void {
  widget = null;
  set({ ready: false, open: false });
}
