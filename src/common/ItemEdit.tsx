import { Card } from '@mui/material';
import type { ReactNode } from 'react';
import { EditBase, SimpleForm, useParams, useResourceContext } from 'react-admin';
import { AccessGuard } from './AccessGuard';
import { DetailLoader } from './DetailLoader';
import { ItemToolbar, type ItemToolbarProps } from './ItemToolbar';
import { useItemNotifications } from './useItemNotifications';

export interface ItemEditProps extends ItemToolbarProps {
  /** the form's inputs */
  children: ReactNode;
  /** shown under the form once the item is loaded (e.g. a project's user rights) */
  after?: ReactNode;
}

const ItemForm = ({ children, after, ...toolbar }: ItemEditProps) => (
  <DetailLoader>
    <Card>
      <SimpleForm toolbar={<ItemToolbar {...toolbar} />}>{children}</SimpleForm>
    </Card>
    {after}
  </DetailLoader>
);

/**
 * An item's page (spec section 4 item form): spinner, error box, the form with Save/Apply/Delete/Back,
 * pessimistic saving with the section 8 notifications.
 *
 * @example <ItemEdit canDelete><TextInput source="name" /></ItemEdit>
 */
export const ItemEdit = (props: ItemEditProps) => {
  const resource = useResourceContext() ?? '';
  const { id = '' } = useParams<{ id: string }>();
  const notifications = useItemNotifications(resource);
  return (
    <AccessGuard action="edit">
      <EditBase
        mutationMode="pessimistic"
        redirect={false}
        queryOptions={{ onError: (error: unknown) => notifications.readFailed(id, error) }}
      >
        <ItemForm {...props} />
      </EditBase>
    </AccessGuard>
  );
};
