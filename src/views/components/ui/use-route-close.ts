import { useEffect, useRef } from 'react';
import { registerModal } from '../../../services/modals';

/** While `open`, a route change closes this overlay (spec 2.2: leaving a page closes all modals). */
export function useRouteClose(open: boolean, close: () => void): void {
  // The latest close function, so a caller's new callback identity does not re-register on every render.
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return undefined;
    return registerModal(() => latest.current());
  }, [open]);
}
