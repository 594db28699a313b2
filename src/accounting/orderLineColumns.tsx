import { LinkBase } from 'react-admin';
import type { AccountingColumn } from './AccountingTable';

/** What every line of money in or out has: its e-shop, its time and its order. */
interface OrderLine {
  eshopName: string;
  timestamp: string;
  orderId: string;
  orderNumber: string;
}

/**
 * The first columns of the transactions and refunds tabs: the e-shop, the time, and the order number (a link to the
 * order for a viewer who may read orders).
 *
 * @example const columns = [...orderLineColumns<TransactionRow>(canOpenOrders), { key: 'code', … }]
 */
export function orderLineColumns<Row extends OrderLine>(canOpenOrders: boolean): AccountingColumn<Row>[] {
  return [
    { key: 'eshopName', label: 'app.ticket.accounting.eshop', render: (row) => row.eshopName },
    {
      key: 'timestamp',
      label: 'app.ticket.accounting.timestamp',
      render: (row) => new Date(row.timestamp).toLocaleString(),
    },
    {
      key: 'orderNumber',
      label: 'app.ticket.accounting.orderNumber',
      render: (row) =>
        canOpenOrders ? (
          <LinkBase to={`/ticket/ticketOrder/${row.orderId}`}>{row.orderNumber}</LinkBase>
        ) : (
          row.orderNumber
        ),
    },
  ];
}
