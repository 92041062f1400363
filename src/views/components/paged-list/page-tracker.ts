/**
 * Which pages of a windowed list are in the viewport. One IntersectionObserver watches one element per page; the
 * listener hears the visible page numbers, ascending, whenever they change. Without IntersectionObserver (very old
 * browsers) every page counts as visible: everything renders, slower but never stuck.
 */
export interface PageTracker {
  /** A stable ref callback per page (React 19 runs the returned cleanup when the element goes). */
  refFor(page: number): (element: HTMLElement | null) => (() => void) | undefined;
  elementOf(page: number): HTMLElement | undefined;
  start(): void;
  stop(): void;
}

export function createPageTracker(onChange: (visible: readonly number[]) => void, rootMargin = '0px'): PageTracker {
  const pageOf = new Map<Element, number>();
  const elementOfPage = new Map<number, HTMLElement>();
  const refs = new Map<number, (element: HTMLElement | null) => (() => void) | undefined>();
  const visible = new Set<number>();
  let observer: IntersectionObserver | null = null;
  let emitted = '';

  const emit = () => {
    const pages = [...visible].sort((a, b) => a - b);
    const key = pages.join(',');
    if (key === emitted) return;
    emitted = key;
    onChange(pages);
  };
  const changeVisibility = (page: number, isVisible: boolean) => {
    if (isVisible) visible.add(page);
    else visible.delete(page);
  };
  const observerNow = (): IntersectionObserver | null => {
    if (observer || typeof IntersectionObserver === 'undefined') return observer;
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const page = pageOf.get(entry.target);
        if (page !== undefined) changeVisibility(page, entry.isIntersecting);
      }
      emit();
    }, { rootMargin });
    for (const element of pageOf.keys()) observer.observe(element);
    return observer;
  };
  const watch = (element: HTMLElement, page: number) => {
    pageOf.set(element, page);
    elementOfPage.set(page, element);
    const current = observerNow();
    if (current) current.observe(element);
    else if (typeof IntersectionObserver === 'undefined') {
      changeVisibility(page, true);
      emit();
    }
  };
  const unwatch = (element: HTMLElement, page: number) => {
    observer?.unobserve(element);
    pageOf.delete(element);
    if (elementOfPage.get(page) === element) elementOfPage.delete(page);
    changeVisibility(page, false);
    emit();
  };

  return {
    refFor(page) {
      let ref = refs.get(page);
      if (!ref) {
        ref = (element) => {
          if (!element) return undefined;
          watch(element, page);
          return () => unwatch(element, page);
        };
        refs.set(page, ref);
      }
      return ref;
    },
    elementOf: (page) => elementOfPage.get(page),
    start() {
      observerNow();
    },
    stop() {
      observer?.disconnect();
      observer = null;
    },
  };
}
