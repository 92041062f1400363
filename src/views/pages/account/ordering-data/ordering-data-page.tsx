import type { ReactNode } from 'react';
import type { Client } from '../../../../contract/clients';
import { useT } from '../../../../services/i18n';
import { editsOrderingData } from '../../../../services/ordering-data';
import { ClientPicker } from '../../../components/client-picker';
import { Icon } from '../../../components/ui/icon';
import './ordering-data.css';

interface OrderingDataPageProps {
  title: string;
  /** Locale section with `intro` and `readOnly`. */
  section: string;
  /** The tab for the chosen client; `editable` is false for a role that only reads (the engineer). */
  children: (client: Client, editable: boolean) => ReactNode;
}

/** The frame of the payers, contacts and delivery tabs: title, client picker, and why a role cannot edit. */
export function OrderingDataPage({ title, section, children }: OrderingDataPageProps) {
  const t = useT();
  return (
    <div className="page od-page">
      <h1 className="page__title">{title}</h1>
      <p className="od-intro">{t(`${section}.intro`)}</p>
      <ClientPicker>
        {(client) => {
          const editable = editsOrderingData(client.role);
          return (
            <>
              {editable ? null : (
                <p className="od-readonly">
                  <Icon name="info" size={20} />
                  <span>{t(`${section}.readOnly`)}</span>
                </p>
              )}
              {children(client, editable)}
            </>
          );
        }}
      </ClientPicker>
    </div>
  );
}
