import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface AccountingColumn<Row> {
  key: string;
  /** translation key */
  label: string;
  render: (row: Row) => ReactNode;
  numeric?: boolean;
  /** the total row's cell */
  total?: ReactNode;
}

/** One accounting tab's rows, with a total row at the bottom. */
export function AccountingTable<Row>({
  rows,
  columns,
}: {
  rows: readonly Row[];
  columns: AccountingColumn<Row>[];
}) {
  const translate = useTranslate();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.key} align={column.numeric ? 'right' : 'left'}>
              {translate(column.label)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={index}>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.numeric ? 'right' : 'left'}>
                {column.render(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
        <TableRow data-testid="accounting-total" sx={{ '& td': { fontWeight: 'bold' } }}>
          {columns.map((column, index) => (
            <TableCell key={column.key} align={column.numeric ? 'right' : 'left'}>
              {index === 0 ? translate('app.ticket.accounting.total') : column.total}
            </TableCell>
          ))}
        </TableRow>
      </TableBody>
    </Table>
  );
}
