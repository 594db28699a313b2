import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { PassImportError } from '../../../../domain/schemas/passImport';
import { usePassImportTranslate } from './passImportMessages';

/** The errors of a dry run or an import, by spreadsheet row and column; `total` counts those beyond the list. */
export const ImportErrors = ({ errors, total }: { errors: readonly PassImportError[]; total: number }) => {
  const translate = usePassImportTranslate();
  if (total === 0) return <Typography color="success.main">{translate('noErrors')}</Typography>;
  return (
    <>
      <Typography color="error" sx={{ mt: 1 }}>
        {translate('errorCount', { smart_count: total })}
      </Typography>
      <Table size="small" aria-label={translate('errors')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('row')}</TableCell>
            <TableCell>{translate('column')}</TableCell>
            <TableCell>{translate('message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.map((error, index) => (
            <TableRow key={index}>
              <TableCell>{error.row}</TableCell>
              <TableCell>{error.column ?? '—'}</TableCell>
              <TableCell>{error.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
};
