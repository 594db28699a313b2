import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Card } from '@mui/material';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  Button,
  CreateBase,
  SaveButton,
  SimpleForm,
  Toolbar,
  useRedirect,
  useResourceContext,
  type RaRecord,
  type TransformData,
} from 'react-admin';
import { useItemNotifications } from './useItemNotifications';

const CreateToolbar = () => {
  const resource = useResourceContext() ?? '';
  const redirect = useRedirect();
  const { clearErrors } = useFormContext();
  return (
    <Toolbar sx={{ gap: 1 }}>
      {/* the API's refusal of the last try left form errors on no input: they would block every retry */}
      <SaveButton onClick={() => clearErrors()} />
      <Button label="app.action.back" onClick={() => redirect('list', resource)}>
        <ArrowBackIcon />
      </Button>
    </Toolbar>
  );
};

export interface ItemCreateProps {
  children: ReactNode;
  defaultValues?: Record<string, unknown>;
  transform?: TransformData;
  /** what happens after the item was created; by default its page opens */
  onCreated?: (record: RaRecord) => void;
}

/**
 * A create page: Save creates, notifies and opens the new item's page.
 *
 * @example <ItemCreate><TextInput source="name" /></ItemCreate>
 */
export const ItemCreate = ({ children, defaultValues, onCreated, transform }: ItemCreateProps) => {
  const resource = useResourceContext() ?? '';
  const redirect = useRedirect();
  const notifications = useItemNotifications(resource);
  return (
    <CreateBase
      redirect={false}
      transform={transform}
      mutationOptions={{
        onSuccess: (record: RaRecord) => {
          notifications.created(record.id);
          if (onCreated) onCreated(record);
          else redirect('edit', resource, record.id);
        },
        onError: (error: unknown) => notifications.createFailed(error),
      }}
    >
      <Card>
        <SimpleForm toolbar={<CreateToolbar />} defaultValues={defaultValues}>
          {children}
        </SimpleForm>
      </Card>
    </CreateBase>
  );
};
