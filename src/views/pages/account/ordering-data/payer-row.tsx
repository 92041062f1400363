import type { Payer } from '../../../../contract/payers';
import { legalName } from '../../../../contract/legal-name';
import { useT } from '../../../../services/i18n';
import type { RowCallbacks } from './paged-area-panel';
import { RowActions } from './row-actions';

const S = 'account.payers';

/** The payer as every page and the invoice print it ('ООО «Альфа»'), in either language: a legal name is not translated. */
export const payerTitle = (item: Pick<Payer, 'legalForm' | 'name'>): string => legalName(item);

interface PayerRowProps {
  item: Payer;
  /** Null for a role that only reads. */
  callbacks: RowCallbacks<Payer> | null;
}

export function PayerRow({ item, callbacks }: PayerRowProps) {
  const t = useT();
  const title = payerTitle(item);
  const ogrnLabel = t(`${S}.form.ogrn.${item.kpp === null ? 'entrepreneur' : 'legal'}`);
  const ids = [
    t(`${S}.row.inn`, { inn: item.inn }),
    item.kpp ? t(`${S}.row.kpp`, { kpp: item.kpp }) : null,
    `${ogrnLabel} ${item.ogrn}`,
  ].filter(Boolean).join(' · ');
  return (
    <>
      <div className="od-row__main" data-payer-id={item.id}>
        <span className="od-row__title">{title}</span>
        <span className="od-row__meta">{ids}</span>
        <span className="od-row__meta">
          {t(`${S}.row.bank`, { bank: item.bankName || t(`${S}.row.noBankName`), bik: item.bik, account: item.settlementAccount })}
        </span>
        {item.legalAddress ? <span className="od-row__meta">{item.legalAddress}</span> : null}
      </div>
      {callbacks ? <RowActions section={S} name={title} onEdit={() => callbacks.onEdit(item)} onDelete={() => callbacks.onDelete(item)} /> : null}
    </>
  );
}
