import { contactName, type Contact } from '../../../../contract/contacts';
import { formatPhone } from '../../../../services/phone-format';
import type { RowCallbacks } from './paged-area-panel';
import { RowActions } from './row-actions';

const S = 'account.contacts';

interface ContactRowProps {
  item: Contact;
  /** Null for a role that only reads. */
  callbacks: RowCallbacks<Contact> | null;
}

export function ContactRow({ item, callbacks }: ContactRowProps) {
  const name = contactName(item);
  const reach = [item.phone ? formatPhone(item.phone) : null, item.email].filter(Boolean).join(' · ');
  return (
    <>
      <div className="od-row__main" data-contact-id={item.id}>
        <span className="od-row__title">{name}</span>
        {item.position ? <span className="od-row__meta">{item.position}</span> : null}
        <span className="od-row__meta">{reach}</span>
        {item.comment ? <span className="od-row__meta">{item.comment}</span> : null}
      </div>
      {callbacks ? <RowActions section={S} name={name} onEdit={() => callbacks.onEdit(item)} onDelete={() => callbacks.onDelete(item)} /> : null}
    </>
  );
}
