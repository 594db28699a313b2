import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { usePassImportTranslate } from './passImportMessages';

/** The first rows of the picked file, as a table under its header. */
export const CsvPreviewTable = ({ header, rows }: { header: string[]; rows: string[][] }) => {
  const translate = usePassImportTranslate();
  return (
    <Table size="small" aria-label={translate('preview')} sx={{ overflowX: 'auto', display: 'block' }}>
      <TableHead>
        <TableRow>
          {header.map((name, index) => (
            <TableCell key={index} sx={{ fontWeight: 'bold' }}>
              {name}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((cells, row) => (
          <TableRow key={row}>
            {header.map((_, index) => (
              <TableCell key={index}>{cells[index] ?? ''}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
