import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import { Box } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { useFormContext, type FieldValues } from 'react-hook-form';
import {
  Button,
  DeleteWithConfirmButton,
  SaveButton,
  Toolbar,
  useRecordContext,
  useRedirect,
  useResourceContext,
  type RaRecord,
  type TransformData,
} from 'react-admin';
import { useInvalidSaveNotification } from './useInvalidSaveNotification';
import { useItemNotifications } from './useItemNotifications';

export interface ItemToolbarProps {
  canSave?: boolean;
  /** Save and Apply shown but disabled (a viewer who may read the item but not change it) */
  saveDisabled?: boolean;
  canDelete?: boolean;
  /** what Apply does to the values before saving (e.g. trimming) */
  applyTransform?: TransformData;
  /** after a successful Save or Apply */
  onSaved?: (record: RaRecord) => void;
  /** asked before Save and Apply with the form's values; false stops the save (it notifies why itself) */
  beforeSave?: (values: FieldValues) => boolean;
  /** buttons of the item's own, after Apply (e.g. Duplicate, Push, links) */
  extra?: ReactNode;
}

/**
 * Save (update, then the list), Apply (update, stay), Delete (after confirmation, then the list; never of a row
 * deleted already), Back.
 * Save and Apply are enabled only when something changed.
 */
export const ItemToolbar = ({
  canSave = true,
  saveDisabled = false,
  canDelete = false,
  applyTransform,
  onSaved,
  beforeSave,
  extra,
}: ItemToolbarProps) => {
  const resource = useResourceContext() ?? '';
  const { getValues, clearErrors } = useFormContext();
  const record = useRecordContext();
  const redirect = useRedirect();
  const notifications = useItemNotifications(resource);
  useInvalidSaveNotification();
  const id = record?.id ?? '';
  const onError = (error: unknown) => notifications.updateFailed(id, error);
  const checkBeforeSave = (event: MouseEvent) => {
    // The API's refusal of the last save left its problems as form errors on no input (react-admin
    // reads the body's `errors`); they would block every further save. The save validates anew anyway.
    clearErrors();
    if (beforeSave && !beforeSave(getValues())) event.preventDefault();
  };

  return (
    <Toolbar sx={{ gap: 1 }}>
      {canSave && (
        <>
          <SaveButton
            type="button"
            disabled={saveDisabled}
            onClick={checkBeforeSave}
            mutationOptions={{
              onSuccess: (data: RaRecord) => {
                notifications.updated(data.id);
                onSaved?.(data);
                redirect('list', resource);
              },
              onError,
            }}
          />
          <SaveButton
            type="button"
            label="app.action.apply"
            variant="outlined"
            icon={<CheckIcon />}
            disabled={saveDisabled}
            onClick={checkBeforeSave}
            transform={applyTransform}
            mutationOptions={{
              onSuccess: (data: RaRecord) => {
                notifications.updated(data.id);
                onSaved?.(data);
              },
              onError,
            }}
          />
        </>
      )}
      {extra}
      <Box sx={{ flexGrow: 1 }} />
      {/* a row deleted already (still readable, with its date) is not deleted again */}
      {canDelete && record && !record.deletedAt && (
        <DeleteWithConfirmButton
          confirmTitle="app.confirmDeleteTitle"
          confirmContent="app.confirmDelete"
          mutationOptions={{
            onSuccess: () => {
              notifications.deleted(id);
              redirect('list', resource);
            },
            onError: (error: unknown) => notifications.deleteFailed(id, error),
          }}
        />
      )}
      <Button label="app.action.back" onClick={() => redirect('list', resource)}>
        <ArrowBackIcon />
      </Button>
    </Toolbar>
  );
};
