/** Facts about this browser that the gateway stores with a session, so the user can recognise it in the session list. */

const FINGERPRINT_KEY = 'pcb.fingerprint';

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** A random id kept in localStorage: it names this browser, not the person, and survives sign-outs. */
export function fingerprint(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage): string {
  try {
    const known = storage?.getItem(FINGERPRINT_KEY);
    if (known) return known;
    const created = randomId();
    storage?.setItem(FINGERPRINT_KEY, created);
    return created;
  } catch {
    // Storage can be disabled (private mode, policies); a per-load id still lets the user sign in.
    return randomId();
  }
}

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/YaBrowser\/(\d+)/, 'Yandex Browser'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** Short "Browser N, OS" text from a user-agent string, e.g. "Chrome 126, Windows". */
export function deviceInfo(userAgent: string = globalThis.navigator?.userAgent ?? ''): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent));
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent));
  const version = browser ? userAgent.match(browser[0])?.[1] : undefined;
  const browserText = browser ? `${browser[1]}${version ? ` ${version}` : ''}` : 'Browser';
  return system ? `${browserText}, ${system[1]}` : browserText;
}

/** The time zone stands in for a location: it needs no permission prompt. */
export function location(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || '';
  } catch {
    return '';
  }
}
