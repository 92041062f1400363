import { useEffect, useSyncExternalStore } from 'react';
import { changeListeners } from './listeners';

/** Type icons of the related-info bar; 'wizard' shows the board icon, an unknown one the client icon. */
export type HeaderInfoType = 'client' | 'delivery' | 'contact' | 'payer' | 'wizard' | 'quickOrder';

/** The product spec's 'Header info object': what the page being edited is about, shown under the header. */
export interface HeaderInfo {
  isVisible: boolean;
  name: string;
  stepTitle?: string | null;
  stepNumber?: number | null;
  stepsTotal?: number | null;
  /** Path or URL of an image; without it the type icon is shown. */
  avatar?: string | null;
  typeIco?: HeaderInfoType | null;
}

interface HeaderState {
  info: HeaderInfo | null;
  /** A line under the page title in the header. */
  subtitle: string | null;
}

let state: HeaderState = { info: null, subtitle: null };
const changes = changeListeners();

function update(change: Partial<HeaderState>): void {
  state = { ...state, ...change };
  changes.notify();
}

export const setHeaderInfo = (info: HeaderInfo | null): void => update({ info });
export const setHeaderSubtitle = (subtitle: string | null): void => update({ subtitle });
export const getHeaderState = (): HeaderState => state;

/** The layout calls this on every route change: what one page said about itself is not true of the next. */
export function clearHeader(): void {
  if (state.info !== null || state.subtitle !== null) update({ info: null, subtitle: null });
}

const subscribe = changes.subscribe;

export function useHeaderState(): HeaderState {
  return useSyncExternalStore(subscribe, getHeaderState, getHeaderState);
}

/**
 * For pages: shows `info` (and a subtitle) while the page is mounted and clears them when it goes.
 * Pass a memoised object or the bar re-renders on every render of the page.
 */
export function useHeaderInfo(info: HeaderInfo | null, subtitle: string | null = null): void {
  useEffect(() => {
    update({ info, subtitle });
    return () => update({ info: null, subtitle: null });
  }, [info, subtitle]);
}
