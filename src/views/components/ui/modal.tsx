import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { useT } from '../../../services/i18n';
import { Icon } from './icon';
import { useRouteClose } from './use-route-close';
import './ui.css';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Pixels; 560 by default. The dialog never grows past the viewport. */
  width?: number;
  description?: ReactNode;
  /** Buttons row under the content. */
  footer?: ReactNode;
  children?: ReactNode;
  /** Confirmation dialogs ask and wait: 'alertdialog', and no close cross (Escape still cancels). */
  role?: 'dialog' | 'alertdialog';
  /** Hides the title visually (it stays the dialog's accessible name). */
  hideTitle?: boolean;
  className?: string;
}

/** Radix Dialog: focus trap, Escape, focus back to the opener; a route change closes it. */
export function Modal({ open, onOpenChange, title, width = 560, description, footer, children, role = 'dialog', hideTitle = false, className }: ModalProps) {
  const t = useT();
  useRouteClose(open, () => onOpenChange(false));
  // Radix gives focus back to its own Trigger; the portal's modals open from any button, so remember that one.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="ui-overlay" />
        <Dialog.Content
          className={['ui-modal', className].filter(Boolean).join(' ')}
          style={{ width }}
          role={role}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
          // Without a description Radix would warn and point aria-describedby at nothing.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <header className="ui-modal__header">
            <Dialog.Title className={hideTitle ? 'visually-hidden' : 'ui-modal__title'}>{title}</Dialog.Title>
            {role === 'dialog' ? (
              <Dialog.Close className="ui-icon-button ui-modal__close" aria-label={t('ui.close')}>
                <Icon name="close" size={20} />
              </Dialog.Close>
            ) : null}
          </header>
          {description ? <Dialog.Description className="ui-modal__description">{description}</Dialog.Description> : null}
          {children ? <div className="ui-modal__body">{children}</div> : null}
          {footer ? <footer className="ui-modal__footer">{footer}</footer> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
