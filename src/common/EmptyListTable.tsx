import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useGetResourceLabel, useResourceContext, useTranslate, useTranslateLabel } from 'react-admin';

/** A column of an empty list: its source (labelled as the list labels it) or its own label. */
export interface EmptyListColumn {
  source?: string;
  label?: string;
}

/**
 * What a list shows without rows: its column headers, so the viewer sees what it would hold, and a line saying
 * there is nothing (react-admin's Datagrid shows the line alone). Given to a Datagrid's `empty`.
 *
 * @example <Datagrid empty={<EmptyListTable columns={[{ source: 'name' }, { label: 'app.action.actions' }]} />}>
 */
export const EmptyListTable = ({ columns }: { columns: readonly EmptyListColumn[] }) => {
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const resource = useResourceContext();
  const resourceLabel = useGetResourceLabel();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.source ?? column.label}>
              {translateLabel({ source: column.source, label: column.label, resource })}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        <TableRow>
          <TableCell colSpan={columns.length} align="center" sx={{ color: 'text.secondary', py: 3 }}>
            {translate('ra.navigation.no_results', { name: resource ? resourceLabel(resource, 0) : '' })}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
};
