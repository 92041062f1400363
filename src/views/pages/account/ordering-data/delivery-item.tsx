import { needsEndpoint, type DeliverySetting } from '../../../../contract/delivery-settings';
import { dictionaryName } from '../../../../services/dictionaries';
import { formatPhone } from '../../../../services/phone-format';
import { useT } from '../../../../services/i18n';
import type { DeliveryReference } from '../../../../services/ordering-data';
import { Button } from '../../../components/ui/button';
import { settingTitle } from './delivery-texts';
import { RowActions } from './row-actions';

const S = 'account.delivery';

export interface DeliveryItemCallbacks {
  onEdit: (item: DeliverySetting) => void;
  onDelete: (item: DeliverySetting) => void;
  onMakeDefault: (item: DeliverySetting) => void;
}

interface DeliveryItemProps {
  item: DeliverySetting;
  reference: DeliveryReference;
  /** Null for a role that only reads. */
  callbacks: DeliveryItemCallbacks | null;
}

export function DeliveryItem({ item, reference, callbacks }: DeliveryItemProps) {
  const t = useT();
  const title = settingTitle(reference, item);
  const endpoint = reference.endpoints.find((candidate) => candidate.id === item.endpointId);
  const division = reference.divisions.find((candidate) => candidate.id === item.divisionId);
  const where = needsEndpoint(item.kind)
    ? [endpoint && item.name ? dictionaryName(endpoint) : null, endpoint?.address]
    : [item.address, item.postalCode ? t(`${S}.item.postalCode`, { code: item.postalCode }) : null];
  const recipient = [item.recipientName, item.recipientPhone ? formatPhone(item.recipientPhone) : null].filter(Boolean).join(', ');
  return (
    <>
      <div className="od-row__main" data-delivery-id={item.id}>
        <span className="od-row__title">
          {title}
          {item.isDefault ? <span className="od-badge">{t(`${S}.item.default`)}</span> : null}
        </span>
        <span className="od-row__meta">{where.filter(Boolean).join(', ')}</span>
        {recipient ? <span className="od-row__meta">{t(`${S}.item.recipient`, { recipient })}</span> : null}
        {division ? <span className="od-row__meta">{t(`${S}.item.division`, { division: dictionaryName(division) })}</span> : null}
        {item.comment ? <span className="od-row__meta">{item.comment}</span> : null}
      </div>
      {callbacks ? (
        <div className="od-row__actions">
          {item.isDefault ? null : (
            <Button variant="link" aria-label={t(`${S}.item.makeDefaultLabel`, { name: title })} onClick={() => callbacks.onMakeDefault(item)}>
              {t(`${S}.item.makeDefault`)}
            </Button>
          )}
          <RowActions section={S} name={title} onEdit={() => callbacks.onEdit(item)} onDelete={() => callbacks.onDelete(item)} />
        </div>
      ) : null}
    </>
  );
}
