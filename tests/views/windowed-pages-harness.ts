import { controlIntersections } from './notifications-harness';

/**
 * IntersectionObserver under test control, entering and leaving: nothing is in view until `show`, and `hide`
 * takes a page block out again — what a scroll does to a windowed list's page blocks.
 */
export function scrollableViewport() {
  const control = controlIntersections();
  const pageBlock = (page: number): Element => {
    const found = document.querySelector(`[data-page="${page}"]`);
    if (!found) throw new Error(`no block for page ${page}`);
    return found;
  };
  return {
    /** How many elements are watched now (one per page block). */
    watched: control.watched,
    show: (...pages: number[]) => control.report(pages.map(pageBlock), true),
    hide: (...pages: number[]) => control.report(pages.map(pageBlock), false),
    restore: control.restore,
  };
}
