import { navigate as browserNavigate } from 'wouter/use-browser-location';

/** Services (the session's redirect to /auth) navigate through here, so the router under test can swap in its own location. */
export interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Current path with query, e.g. '/en/orders?status=shipped'. */
  current(): string;
}

const browser: Navigator = {
  navigate: (to, options) => browserNavigate(to, options),
  current: () => (typeof location === 'undefined' ? '/' : `${location.pathname}${location.search}`),
};

let active: Navigator = browser;

export function setNavigator(next: Navigator | null): void {
  active = next ?? browser;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  active.navigate(to, options);
}

export function currentPath(): string {
  return active.current();
}
