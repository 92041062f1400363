import * as RadixPopover from '@radix-ui/react-popover';
import type { ReactElement, ReactNode } from 'react';
import { useOverlayOpen } from './use-route-close';
import './ui.css';

interface PopoverProps {
  /** Controlled when given; otherwise the popover keeps its own open state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The caller's button; it keeps its look and gets aria-expanded/controls. */
  trigger: ReactElement;
  /** Pixels; the content's own width when absent (e.g. 423 for the notifications popup). */
  width?: number;
  /** Accessible name of the popup (role dialog). */
  label: string;
  align?: 'start' | 'center' | 'end';
  className?: string;
  children: ReactNode;
}

/** Radix Popover: focus moves in, Escape and outside click close it, focus returns; a route change closes it. */
export function Popover({ open, onOpenChange, trigger, width, label, align = 'end', className, children }: PopoverProps) {
  const [isOpen, change] = useOverlayOpen(open, onOpenChange);
  return (
    <RadixPopover.Root open={isOpen} onOpenChange={change}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          className={['ui-popover', className].filter(Boolean).join(' ')}
          style={width ? { width } : undefined}
          align={align}
          sideOffset={8}
          collisionPadding={8}
          aria-label={label}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
