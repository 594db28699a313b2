import { Card } from '@mui/material';
import type { ReactNode } from 'react';
import {
  EditBase,
  SimpleForm,
  useNavigate,
  useParams,
  useResourceContext,
  type TransformData,
} from 'react-admin';
import { errorStatus } from '../dataProviders/httpClient';
import { AccessGuard } from './AccessGuard';
import { DetailLoader } from './DetailLoader';
import { ItemHistory } from './ItemHistory';
import { ItemToolbar, type ItemToolbarProps } from './ItemToolbar';
import { useItemNotifications } from './useItemNotifications';

export interface ItemEditProps extends ItemToolbarProps {
  /** the form's inputs */
  children: ReactNode;
  /** shown under the form once the item is loaded (e.g. a project's user rights) */
  after?: ReactNode;
  /** what Save and Apply do to the values before saving */
  transform?: TransformData;
  /** a failed read also goes to /error/{status} (pass, template and certificate pages, spec section 8) */
  readFailurePage?: boolean;
  /** the History section offers "Restore this version" (templates) */
  restorableHistory?: boolean;
}

const ItemForm = ({
  children,
  after,
  restorableHistory,
  ...toolbar
}: Omit<ItemEditProps, 'transform' | 'readFailurePage'>) => (
  <DetailLoader>
    <Card>
      <SimpleForm toolbar={<ItemToolbar {...toolbar} />}>{children}</SimpleForm>
    </Card>
    {after}
    <ItemHistory restorable={restorableHistory} />
  </DetailLoader>
);

/**
 * An item's page (spec section 4 item form): spinner, error box, the form with Save/Apply/Delete/Back,
 * pessimistic saving with the section 8 notifications, and the item's History (its audit trail) under it.
 *
 * @example <ItemEdit canDelete><TextInput source="name" /></ItemEdit>
 */
export const ItemEdit = ({ transform, readFailurePage = false, ...props }: ItemEditProps) => {
  const resource = useResourceContext() ?? '';
  const { id = '' } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const notifications = useItemNotifications(resource);
  const onReadError = (error: unknown) => {
    notifications.readFailed(id, error);
    if (readFailurePage && errorStatus(error) !== 401) navigate(`/error/${errorStatus(error) ?? 500}`);
  };
  return (
    <AccessGuard action="edit">
      <EditBase
        mutationMode="pessimistic"
        redirect={false}
        transform={transform}
        queryOptions={{ onError: onReadError }}
      >
        <ItemForm {...props} />
      </EditBase>
    </AccessGuard>
  );
};
