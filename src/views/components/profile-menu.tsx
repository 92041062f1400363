import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { UserSummary } from '../../contract/user';
import { useT } from '../../services/i18n';
import { registerModal } from '../../services/modals';
import { Avatar } from './avatar';
import { LocalLink } from './local-link';
import { useSessionActor } from './session-context';

const LINKS = [
  ['/', 'profileMenu.home'],
  ['/account/profile', 'profileMenu.profile'],
  ['/account/clients', 'profileMenu.clients'],
  ['/account/counteragents', 'profileMenu.counteragents'],
  ['/account/contacts', 'profileMenu.contacts'],
  ['/account/delivery', 'profileMenu.delivery'],
] as const;

/** Spec 2.5: first name, patronymic, last name. */
export function fullName(user: Pick<UserSummary, 'firstName' | 'patronymic' | 'lastName'>): string {
  return [user.firstName, user.patronymic, user.lastName].filter((part) => part.trim() !== '').join(' ');
}

/** Profile dropdown, a WAI-ARIA menu button: arrows move, Escape closes and gives focus back to the button. */
export function ProfileMenu({ user }: { user: UserSummary }) {
  const t = useT();
  const session = useSessionActor();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return undefined;
    const list = items();
    if (focusOnOpen.current) (focusOnOpen.current === 'first' ? list[0] : list.at(-1))?.focus();
    focusOnOpen.current = null;
    const unregister = registerModal(() => setOpen(false));
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => {
      unregister();
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (!['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) return;
    event.preventDefault();
    focusOnOpen.current = event.key === 'ArrowUp' ? 'last' : 'first';
    setOpen(true);
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: list.length - 1 };
    if (event.key in move) {
      event.preventDefault();
      const next = ((move[event.key] ?? 0) + list.length) % list.length;
      list[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const name = fullName(user);
  return (
    <div className="profile-menu">
      <button
        ref={buttonRef}
        type="button"
        className="profile-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={t('profileMenu.open')}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKey}
      >
        <Avatar src={user.avatar} isMale={user.isMale} alt="" />
        <span className="profile-menu__name">{name}</span>
      </button>
      {open ? (
        <div ref={menuRef} id={menuId} role="menu" aria-label={name} className="profile-menu__list" onKeyDown={onMenuKey}>
          {LINKS.map(([to, label]) => (
            <LocalLink key={to} to={to} role="menuitem" tabIndex={-1} className="profile-menu__item" onClick={() => close(false)}>
              {t(label)}
            </LocalLink>
          ))}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="profile-menu__item profile-menu__item--logout"
            onClick={() => {
              close(false);
              session.send({ type: 'session.logout' });
            }}
          >
            {t('profileMenu.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
