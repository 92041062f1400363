/**
 * IntersectionObserver under test control, entering and leaving: nothing is in view until `show`, and `hide`
 * takes an element out again — what a scroll does to a windowed list's page blocks.
 */
export function scrollableViewport() {
  const observers = new Set<{ callback: IntersectionObserverCallback; elements: Set<Element>; self: IntersectionObserver }>();
  class ObserverStandIn {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds = [0];
    private readonly entry: { callback: IntersectionObserverCallback; elements: Set<Element>; self: IntersectionObserver };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: new Set(), self: this as unknown as IntersectionObserver };
      observers.add(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.add(element);
    }
    unobserve(element: Element) {
      this.entry.elements.delete(element);
    }
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  const previous = globalThis.IntersectionObserver;
  globalThis.IntersectionObserver = ObserverStandIn as unknown as typeof IntersectionObserver;
  const report = (elements: Element[], isIntersecting: boolean) => {
    for (const observer of [...observers]) {
      const entries = elements.filter((element) => observer.elements.has(element))
        .map((target) => ({ target, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 }) as unknown as IntersectionObserverEntry);
      if (entries.length) observer.callback(entries, observer.self);
    }
  };
  const pageBlock = (page: number): Element => {
    const found = document.querySelector(`[data-page="${page}"]`);
    if (!found) throw new Error(`no block for page ${page}`);
    return found;
  };
  return {
    /** How many elements are watched now (one per page block). */
    watched: () => [...observers].reduce((sum, observer) => sum + observer.elements.size, 0),
    show: (...pages: number[]) => report(pages.map(pageBlock), true),
    hide: (...pages: number[]) => report(pages.map(pageBlock), false),
    restore() {
      globalThis.IntersectionObserver = previous;
    },
  };
}
