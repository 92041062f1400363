import type { Order } from '../../../contract/orders';
import { formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { usePendingOf } from '../../data/pending';
import { ORDER_FILE_DOWNLOAD, useDownloadOrderFile } from './api/order-mutations';
import { OrderPanel } from './order-panel';

/** The order's lines (positions): what, how many, at what price, how long, where each is; its files to download. */
export function OrderLines({ order }: { order: Order }) {
  const t = useT();
  const download = useDownloadOrderFile();
  const downloading = usePendingOf(ORDER_FILE_DOWNLOAD, (file: { url: string }) => file.url);
  const number = (label: string) => ({ label, className: 'order-table__number' });
  const columns = [
    t('orders.lines.name'), number(t('orders.lines.quantity')), number(t('orders.lines.unitPrice')), number(t('orders.lines.total')),
    number(t('orders.lines.days')), t('orders.lines.status'), { label: t('orders.lines.files'), hidden: true },
  ];
  const footer = (
    <tr>
      <th scope="row" colSpan={3}>{t('orders.lines.orderTotal')}</th>
      <td className="order-table__number"><strong>{formatPrice(order.total)}</strong></td>
      <td colSpan={3} />
    </tr>
  );
  return (
    <OrderPanel id="order-lines-title" title={t('orders.lines.title', { count: order.lines.length })}>
      <div className="order-table__scroll">
        <DataTable className="order-table" columns={columns} rows={order.lines} footer={footer}>
          {(line) => (
            <tr key={line.id} data-line-id={line.id}>
              <th scope="row" className="order-table__name">
                {line.projectId !== null ? <LocalLink to={`/project/${line.projectId}`}>{line.title}</LocalLink> : line.title}
                <span className="order-table__type">{t(`wizard.productTypes.${line.productType}`)}</span>
                {line.dfmReview ? (
                  <span className="order-table__type">
                    {t(line.dfmReviewReason === 'layersCorrected' ? 'orders.lines.dfmReviewLayers' : 'orders.lines.dfmReview')}
                  </span>
                ) : null}
              </th>
              <td className="order-table__number">{t('orders.lines.pieces', { count: line.quantity })}</td>
              <td className="order-table__number">{formatPrice(line.unitPrice)}</td>
              <td className="order-table__number">{formatPrice(line.total)}</td>
              <td className="order-table__number">{t('orders.lines.daysValue', { count: line.days })}</td>
              <td>
                <span className={`order-line-status order-line-status--${line.status}`}>{t(`orderLineStatus.${line.status}`)}</span>
              </td>
              <td>
                {line.filesUrl ? (
                  <Button
                    variant="link"
                    busy={downloading.has(line.filesUrl)}
                    aria-label={t('orders.lines.filesOf', { title: line.title })}
                    onClick={() => download.mutate({ order, title: line.title, url: line.filesUrl ?? '' })}
                  >
                    {t('orders.lines.files')}
                  </Button>
                ) : null}
              </td>
            </tr>
          )}
        </DataTable>
      </div>
    </OrderPanel>
  );
}
