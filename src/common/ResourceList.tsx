import type { ReactElement, ReactNode } from 'react';
import { CreateButton, List, TopToolbar, useCanAccess, useResourceContext } from 'react-admin';
import { AccessGuard } from './AccessGuard';
import { firstPageOf } from './listFirstPage';
import { ExportCsvButton } from './ExportCsvButton';
import { FilterGrid } from './FilterGrid';
import { ListPagination } from './ListPagination';
import { ProjectNamesProvider } from './ProjectNameField';
import { useListErrorHandler } from './useListErrorHandler';

/** New (at /{resource}/new, when the viewer may create and the resource has a create page) and Export (CSV unless given). */
export const ResourceListActions = ({
  hasCreate,
  extra,
  exportButton,
}: {
  hasCreate?: boolean;
  extra?: ReactNode;
  exportButton?: ReactNode;
}) => {
  const resource = useResourceContext() ?? '';
  const { canAccess: canCreate } = useCanAccess({ action: 'create', resource });
  return (
    <TopToolbar>
      {extra}
      {hasCreate && canCreate && <CreateButton label="app.action.new" to={`/${resource}/new`} />}
      {exportButton ?? <ExportCsvButton />}
    </TopToolbar>
  );
};

export interface ResourceListProps {
  filters?: ReactElement<{ alwaysOn?: boolean }>[];
  children: ReactNode;
  hasCreate?: boolean;
  actions?: ReactElement;
}

/**
 * Every resource's list: 20 rows a page (5/10/20/50/100), in its declaration's default order, a filter grid, Export,
 * a failed load sending to the error page, and the project register for its rows' project names (ProjectNameField).
 *
 * @example <ResourceList filters={[<TextInput source="name" />]}><Datagrid>…</Datagrid></ResourceList>
 */
export const ResourceList = ({ filters, children, hasCreate, actions }: ResourceListProps) => {
  const onError = useListErrorHandler();
  const resource = useResourceContext() ?? '';
  const firstPage = firstPageOf(resource);
  return (
    <AccessGuard action="list">
      <List
        perPage={firstPage.pagination.perPage}
        sort={firstPage.sort}
        pagination={<ListPagination />}
        queryOptions={{ onError }}
        empty={false}
        exporter={false}
        title={false}
        actions={actions ?? <ResourceListActions hasCreate={hasCreate} />}
        // a table wider than a phone scrolls within its card: the filters and Export stay on the screen
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } }}
      >
        {filters?.length ? <FilterGrid filters={filters} /> : null}
        <ProjectNamesProvider>{children}</ProjectNamesProvider>
      </List>
    </AccessGuard>
  );
};
