import { useEffect, useRef } from 'react';

/**
 * Calls `onVisible` whenever the element scrolls into view (the product spec's list loading: a list page asks for itself). Without
 * IntersectionObserver (very old browsers) the element counts as visible at once: slower, never stuck.
 */
export function useOnVisible<E extends Element>(onVisible: () => void) {
  const ref = useRef<E>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      latest.current();
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return ref;
}
