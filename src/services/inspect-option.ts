import type { InspectionEvent, Observer } from 'xstate';

// The synchronous half of live mode, small enough for every bundle: actors read their inspector here when created.
// The BroadcastChannel half (inspect-bridge.ts) is imported only when a page is opened with `?inspect`.

export type InspectOption = Observer<InspectionEvent> | ((inspectionEvent: InspectionEvent) => void);

const LIVE_MODE_KEY = 'pcb.inspect';
let current: InspectOption | undefined;

/** The inspector for actors created now; undefined unless live mode is on, so normal visits run as before. */
export function inspectOption(): InspectOption | undefined {
  return current;
}

export function setInspectOption(option: InspectOption | undefined): void {
  current = option;
}

/** `?inspect` turns live mode on for the tab (remembered across in-app navigation), `?inspect=0` turns it off. */
export function isLiveModeRequested(search: string): boolean {
  const flag = new URLSearchParams(search).get('inspect');
  const fromUrl = flag !== null && flag !== '0';
  try {
    const storage = globalThis.sessionStorage;
    if (!storage) return fromUrl;
    if (flag === '0') storage.removeItem(LIVE_MODE_KEY);
    else if (fromUrl) storage.setItem(LIVE_MODE_KEY, '1');
    return storage.getItem(LIVE_MODE_KEY) === '1';
  } catch {
    // Storage blocked: only the URL counts.
    return fromUrl;
  }
}
