import { useEffect, useRef, useState } from 'react';
import { registerModal } from '../../../services/modals';

/** While `open`, a route change closes this overlay (the product spec's route guards: leaving a page closes all modals). */
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

/**
 * The open state of a menu or popover: controlled when the caller passes `open`, otherwise kept here; either way
 * the caller hears every change and a route change closes it.
 */
export function useOverlayOpen(open: boolean | undefined, onOpenChange?: (open: boolean) => void): [boolean, (next: boolean) => void] {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const change = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  useRouteClose(isOpen, () => change(false));
  return [isOpen, change];
}
