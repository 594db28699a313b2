import DownloadIcon from '@mui/icons-material/GetApp';
import {
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Button, downloadCSV } from 'react-admin';
import { toCsv } from '../common/csv';

/** A column of a report table: its heading and the cell of each row. */
export interface ReportColumn<Row> {
  key: string;
  label: string;
  value: (row: Row) => string | number;
  numeric?: boolean;
}

/** The CSV of a report table, with the table's headings; numbers stay numbers. */
export function reportCsv<Row>(columns: readonly ReportColumn<Row>[], rows: readonly Row[]): string {
  return toCsv(
    rows.map((row) => Object.fromEntries(columns.map((column) => [column.label, column.value(row)]))),
    columns.map((column) => column.label),
  );
}

/**
 * A report's data table with its CSV export (named `{fileName}.csv`).
 *
 * @example <ReportTable title="Registrations" columns={columns} rows={answer.data} fileName="pass_in_wallet" />
 */
export const ReportTable = <Row,>({
  title,
  columns,
  rows,
  fileName,
}: {
  title: string;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  fileName: string;
}) => (
  <Box component="section" aria-label={title} sx={{ mt: 2 }}>
    <Stack direction="row" alignItems="center" justifyContent="space-between">
      <Typography variant="subtitle1" component="h2">
        {title}
      </Typography>
      <Button
        label="app.report.csv"
        disabled={rows.length === 0}
        onClick={() => downloadCSV(reportCsv(columns, rows), fileName)}
      >
        <DownloadIcon />
      </Button>
    </Stack>
    <TableContainer sx={{ maxHeight: 480 }}>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.numeric ? 'right' : 'left'}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index} hover>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.numeric ? 'right' : 'left'}
                  sx={{ wordBreak: 'break-all' }}
                >
                  {column.value(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  </Box>
);
