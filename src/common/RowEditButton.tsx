import ContentCreate from '@mui/icons-material/Create';
import type { MouseEvent } from 'react';
import {
  Button,
  LinkBase,
  useCreatePath,
  useGetRecordRepresentation,
  useGetResourceLabel,
  useRecordContext,
  useResourceContext,
  useResourceTranslation,
  type RaRecord,
} from 'react-admin';

const icon = <ContentCreate />;
const scrollToTop = { _scrollToTop: true };
// the row's own click (rowClick) would open the page a second time
const stopPropagation = (event: MouseEvent) => event.stopPropagation();

/**
 * react-admin's EditButton (same link, label, icon and class) for a list's rows, shown when `canEdit` allows the
 * row: the list answers it for all its rows at once (useRowAccess), where EditButton asks the auth provider in a
 * query of each row and renders again when it answers.
 *
 * @example const canEdit = useRowAccess('edit'); <Datagrid>…<RowEditButton canEdit={canEdit} /></Datagrid>
 */
export const RowEditButton = ({ canEdit }: { canEdit: (record: RaRecord | undefined) => boolean }) => {
  const resource = useResourceContext() ?? '';
  const record = useRecordContext();
  const createPath = useCreatePath();
  const getResourceLabel = useGetResourceLabel();
  const representation = useGetRecordRepresentation(resource)(record);
  const label = useResourceTranslation({
    resourceI18nKey: `resources.${resource}.action.edit`,
    baseI18nKey: 'ra.action.edit',
    options: {
      name: getResourceLabel(resource, 1),
      recordRepresentation: typeof representation === 'string' ? representation : representation?.toString(),
    },
  });
  if (!record || !canEdit(record)) return null;
  return (
    <Button
      component={LinkBase}
      to={createPath({ type: 'edit', resource, id: record.id })}
      state={scrollToTop}
      label={<>{label}</>}
      aria-label={typeof label === 'string' ? label : undefined}
      onClick={stopPropagation}
      className="RaEditButton-root"
    >
      {icon}
    </Button>
  );
};
