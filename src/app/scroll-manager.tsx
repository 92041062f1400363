import { useEffect, useLayoutEffect, useRef } from 'react';

/** Scroll positions by URL, so back/forward returns where the user was. */
const positions = new Map<string, number>();
let poppedHistory = false;
if (typeof window !== 'undefined') window.addEventListener('popstate', () => (poppedHistory = true));

function scrollTo(top: number) {
  try {
    window.scrollTo({ top, left: 0 });
  } catch {
    // jsdom has no layout; nothing to scroll.
  }
}

/**
 * On every route change: scroll to the #hash target, else to the saved position on back/forward, else to the top.
 * Rendered next to the page inside its Suspense boundary, so it runs once the page's DOM exists.
 */
export function ScrollManager({ scrollKey }: { scrollKey: string }): null {
  const current = useRef(scrollKey);
  current.current = scrollKey;

  useEffect(() => {
    const remember = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    const popped = poppedHistory;
    poppedHistory = false;
    const hash = decodeURIComponent(window.location.hash.slice(1));
    const target = hash ? document.getElementById(hash) : null;
    if (target) target.scrollIntoView();
    else scrollTo(popped ? (positions.get(scrollKey) ?? 0) : 0);
  }, [scrollKey]);

  return null;
}
