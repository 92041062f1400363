/**
 * What Radix primitives call and jsdom lacks. Imported first by the ui-* view tests; each stand-in does the least
 * that lets the primitive run (no layout in jsdom, so sizes are zero).
 */
import { loadPortalTexts } from '../../src/services/i18n';

class ResizeObserverStandIn {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = ResizeObserverStandIn;
}

if (typeof window !== 'undefined') {
  if (typeof window.PointerEvent === 'undefined') {
    // Radix reads pointerType; a MouseEvent with that field is what jsdom can dispatch.
    class PointerEventStandIn extends MouseEvent {
      readonly pointerId: number;
      readonly pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    window.PointerEvent = PointerEventStandIn as typeof PointerEvent;
  }
  const element = window.HTMLElement.prototype;
  element.scrollIntoView ??= function scrollIntoView() {};
  element.hasPointerCapture ??= function hasPointerCapture() {
    return false;
  };
  element.setPointerCapture ??= function setPointerCapture() {};
  element.releasePointerCapture ??= function releasePointerCapture() {};
}

// The ui section travels with the signed-in frame's texts.
await loadPortalTexts();
