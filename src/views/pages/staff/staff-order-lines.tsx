import type { OrderLine } from '../../../contract/orders';
import type { StaffOrder } from '../../../contract/staff-orders';
import { formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { PictureSource, type PictureFetch } from '../../../services/picture-source';
import { staffCalls } from '../../../services/staff/staff-calls';
import { Button } from '../../components/ui/button';
import { useDownloadLineFiles } from './api/staff-mutations';
import { StaffBoard } from './staff-board';

/** Board pictures go with the staff token (the gateway lets staff read every client's boards). */
const staffPicture: PictureFetch = (url) => staffCalls().file(url);

/** Each line of the order: what, how many, its files, and its board as the customer saw it (pictures, layers, DFM). */
export function StaffOrderLines({ staffOrder }: { staffOrder: StaffOrder }) {
  const t = useT();
  const { order, boards } = staffOrder;
  return (
    <PictureSource.Provider value={staffPicture}>
      <section className="staff-lines" aria-labelledby="staff-lines-heading">
        <h2 id="staff-lines-heading">{t('staff.order.lines', { count: order.lines.length })}</h2>
        {order.lines.map((line) => (
          <StaffLine key={line.id} line={line} orderNumber={order.number} board={boards.find((board) => board.lineId === line.id) ?? null} />
        ))}
      </section>
    </PictureSource.Provider>
  );
}

interface StaffLineProps {
  line: OrderLine;
  orderNumber: string;
  board: StaffOrder['boards'][number] | null;
}

function StaffLine({ line, orderNumber, board }: StaffLineProps) {
  const t = useT();
  const download = useDownloadLineFiles();
  const { filesUrl } = line;
  return (
    <article className="staff-line" aria-label={line.title} data-line-id={line.id}>
      <header className="staff-line__header">
        <h3>{line.title}</h3>
        <span>{t(`wizard.productTypes.${line.productType}`)}</span>
        <span>{t('staff.order.quantity', { count: line.quantity })}</span>
        <span>{formatPrice(line.total)}</span>
        {filesUrl ? (
          <Button
            variant="link"
            busy={download.isPending}
            aria-label={t('staff.order.filesOf', { title: line.title })}
            onClick={() => download.mutate({ url: filesUrl, orderNumber, title: line.title })}
          >
            {t('staff.order.files')}
          </Button>
        ) : null}
      </header>
      <StaffBoard analysis={board?.analysis ?? null} params={board?.params ?? null} />
    </article>
  );
}
