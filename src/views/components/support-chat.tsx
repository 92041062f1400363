import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../services/i18n';
import { registerModal } from '../../services/modals';

/**
 * The support chat button with the hint of the product spec. The live-chat widget is an external service that is not
 * connected in this build, so the panel says so instead of pretending to chat.
 */
export function SupportChat() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const unregister = registerModal(() => setOpen(false));
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      unregister();
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="support-chat">
      {open ? (
        <section id={panelId} className="support-chat__panel" aria-label={t('support.chatButton')}>
          <header>
            <strong>{t('support.hintTitle')}</strong>
            <button type="button" className="icon-button" aria-label={t('support.close')} onClick={() => setOpen(false)}>
              ×
            </button>
          </header>
          <p>{t('support.unavailable')}</p>
        </section>
      ) : (
        <aside className="support-chat__hint">
          <strong>{t('support.hintTitle')}</strong>
          <p>{t('support.hintText')}</p>
        </aside>
      )}
      <button
        ref={buttonRef}
        type="button"
        className="support-chat__button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
        </svg>
        <span className="visually-hidden">{t('support.chatButton')}</span>
      </button>
    </div>
  );
}
