import type { Order } from '../../../contract/orders';
import { BOARD_FILE_ACCEPT } from '../../../services/board-files';
import { linesTakingFiles } from '../../../services/engineer-requests';
import { useT } from '../../../services/i18n';
import { useAttachOrderFiles } from './api/order-mutations';
import { OrderPanel } from './order-panel';

/**
 * Files the order waits for, attached here with the wizard's upload: each line's files of an order placed with
 * 'файлы пришлю позже', and new files of the lines an engineer's open request names. Shown
 * only while some line takes files.
 */
export function OrderFiles({ order }: { order: Order }) {
  const t = useT();
  const attach = useAttachOrderFiles();
  const wanted = linesTakingFiles(order);
  if (wanted.length === 0) return null;
  // Files never sent are the first thing to ask for; an engineer's request is said as such when it is all there is.
  const requested = wanted.every((item) => item.wanted === 'requested');
  const busyLine = attach.isPending ? attach.variables.lineId : null;
  return (
    <OrderPanel id="order-files-title" title={t(requested ? 'orders.files.requestedTitle' : 'orders.files.title')} className="order-files">
      <p className="order-files__lead">{t(requested ? 'orders.files.requestedLead' : 'orders.files.lead')}</p>
      <ul className="order-files__lines">
        {wanted.map(({ line, wanted: why }) => (
          <li key={line.id} className="order-files__line" data-line-id={line.id}>
            <span className="order-files__title">
              {line.title}
              {why === 'requested' && !requested ? <span className="order-files__why">{t('orders.files.requestedLine')}</span> : null}
            </span>
            {busyLine === line.id ? (
              <span role="status" className="order-files__busy">{t('orders.files.attaching')}</span>
            ) : (
              <label className="ui-button ui-button--secondary order-files__pick">
                {t(why === 'requested' ? 'orders.files.attachNew' : 'orders.files.attach')}
                <input
                  type="file"
                  className="visually-hidden"
                  multiple
                  accept={BOARD_FILE_ACCEPT}
                  aria-label={t(why === 'requested' ? 'orders.files.attachNewLabel' : 'orders.files.attachLabel', { title: line.title })}
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
    </OrderPanel>
  );
}
