import { OrderView } from './order-view';
import './orders.css';

interface OrderPageProps {
  title: string;
  params: Record<string, string | undefined>;
}

/** /orders/:id; the router's guard has checked the id's format already. */
export default function OrderPage({ params }: OrderPageProps) {
  const id = Number(params.id);
  return <OrderView key={id} id={id} />;
}
