import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { LocalLink } from '../local-link';
import { Icon, type IconName } from './icon';
import { useOverlayOpen } from './use-route-close';
import './ui.css';

interface MenuProps {
  /** Controlled when given; otherwise the menu keeps its own open state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}

/** Radix DropdownMenu: arrow keys, type-ahead, Escape and focus back to the trigger; a route change closes it. */
export function Menu({ open, onOpenChange, children }: MenuProps) {
  const [isOpen, change] = useOverlayOpen(open, onOpenChange);
  return (
    <DropdownMenu.Root open={isOpen} onOpenChange={change} modal={false}>
      {children}
    </DropdownMenu.Root>
  );
}

/** Wraps the caller's own button (asChild), which keeps its look and gets aria-haspopup/expanded. */
export function MenuTrigger({ children }: { children: ReactNode }) {
  return <DropdownMenu.Trigger asChild>{children}</DropdownMenu.Trigger>;
}

interface IconMenuProps {
  /** The trigger's accessible name, and the menu's. */
  label: string;
  icon?: IconName;
  iconSize?: number;
  /** The trigger's class; the round icon button by default. */
  className?: string;
  disabled?: boolean;
  align?: MenuContentProps['align'];
  contentClassName?: string;
  children: ReactNode;
}

/** A menu behind an icon button (a line's '⋯'), the button and the menu named alike. */
export function IconMenu({ label, icon = 'menu', iconSize = 20, className = 'ui-icon-button', disabled, align, contentClassName, children }: IconMenuProps) {
  return (
    <Menu>
      <MenuTrigger>
        <button type="button" className={className} aria-label={label} disabled={disabled}>
          <Icon name={icon} size={iconSize} />
        </button>
      </MenuTrigger>
      <MenuContent align={align} label={label} className={contentClassName}>{children}</MenuContent>
    </Menu>
  );
}

interface MenuContentProps {
  align?: 'start' | 'center' | 'end';
  /** Accessible name of the menu when the trigger's text does not say it. */
  label?: string;
  className?: string;
  children: ReactNode;
}

export function MenuContent({ align = 'end', label, className, children }: MenuContentProps) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        className={['ui-menu', className].filter(Boolean).join(' ')}
        align={align}
        sideOffset={6}
        collisionPadding={8}
        aria-label={label}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

interface MenuItemProps {
  onSelect: () => void;
  disabled?: boolean;
  /** Red text for destructive entries such as 'Выход'. */
  danger?: boolean;
  className?: string;
  children: ReactNode;
}

export function MenuItem({ onSelect, disabled, danger, className, children }: MenuItemProps) {
  return (
    <DropdownMenu.Item
      className={['ui-menu__item', danger ? 'ui-menu__item--danger' : '', className ?? ''].filter(Boolean).join(' ')}
      disabled={disabled}
      onSelect={onSelect}
    >
      {children}
    </DropdownMenu.Item>
  );
}

interface MenuLinkItemProps {
  /** A portal path without locale prefix: the link keeps the current language. */
  to: string;
  className?: string;
  children: ReactNode;
}

/** A menu entry that is a real link (middle-click, copy address) and navigates inside the portal. */
export function MenuLinkItem({ to, className, children }: MenuLinkItemProps) {
  return (
    <DropdownMenu.Item asChild className={['ui-menu__item', className].filter(Boolean).join(' ')}>
      <LocalLink to={to}>{children}</LocalLink>
    </DropdownMenu.Item>
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="ui-menu__separator" />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className="ui-menu__label">{children}</DropdownMenu.Label>;
}
