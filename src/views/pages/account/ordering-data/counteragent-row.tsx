import type { Counteragent } from '../../../../contract/counteragents';
import { legalName } from '../../../../contract/legal-name';
import { useT } from '../../../../services/i18n';
import type { RowCallbacks } from './paged-area-panel';
import { RowActions } from './row-actions';

const S = 'account.counteragents';

/** The payer as every page and the invoice print it ('ООО «Альфа»'), in either language: a legal name is not translated. */
export const counteragentTitle = (item: Pick<Counteragent, 'legalForm' | 'name'>): string => legalName(item);

interface CounteragentRowProps {
  item: Counteragent;
  /** Null for a role that only reads. */
  callbacks: RowCallbacks<Counteragent> | null;
}

export function CounteragentRow({ item, callbacks }: CounteragentRowProps) {
  const t = useT();
  const title = counteragentTitle(item);
  const ogrnLabel = t(`${S}.form.ogrn.${item.kpp === null ? 'entrepreneur' : 'legal'}`);
  const ids = [
    t(`${S}.row.inn`, { inn: item.inn }),
    item.kpp ? t(`${S}.row.kpp`, { kpp: item.kpp }) : null,
    `${ogrnLabel} ${item.ogrn}`,
  ].filter(Boolean).join(' · ');
  return (
    <>
      <div className="od-row__main" data-counteragent-id={item.id}>
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
