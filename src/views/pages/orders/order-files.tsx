import type { Order } from '../../../contract/orders';
import { BOARD_FILE_ACCEPT } from '../../../services/board-files';
import { useT } from '../../../services/i18n';
import { useAttachOrderFiles } from './api/order-mutations';

/**
 * An order placed with 'файлы пришлю позже' (issue 21): it waits at the engineering check until each line has its
 * files, attached here with the wizard's upload. Shown only while the order awaits them.
 */
export function OrderFiles({ order }: { order: Order }) {
  const t = useT();
  const attach = useAttachOrderFiles();
  if (!order.filesAwaited) return null;
  const missing = order.lines.filter((line) => line.filesUrl === null);
  const busyLine = attach.isPending ? attach.variables.lineId : null;
  return (
    <section className="order-panel order-files" aria-labelledby="order-files-title">
      <h2 className="order-panel__title" id="order-files-title">{t('orders.files.title')}</h2>
      <p className="order-files__lead">{t('orders.files.lead')}</p>
      <ul className="order-files__lines">
        {missing.map((line) => (
          <li key={line.id} className="order-files__line" data-line-id={line.id}>
            <span className="order-files__title">{line.title}</span>
            {busyLine === line.id ? (
              <span role="status" className="order-files__busy">{t('orders.files.attaching')}</span>
            ) : (
              <label className="ui-button ui-button--secondary order-files__pick">
                {t('orders.files.attach')}
                <input
                  type="file"
                  className="visually-hidden"
                  multiple
                  accept={BOARD_FILE_ACCEPT}
                  aria-label={t('orders.files.attachLabel', { title: line.title })}
                  disabled={busyLine !== null}
                  onChange={(event) => {
                    const files = [...(event.target.files ?? [])];
                    event.target.value = '';
                    if (files.length > 0) attach.mutate({ order, lineId: line.id, title: line.title, files });
                  }}
                />
              </label>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
