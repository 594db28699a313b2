import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Card, Dialog, DialogTitle } from '@mui/material';
import { useMemo, type MouseEvent, type ReactNode } from 'react';
import { useFormContext, useFormState, type FieldValues } from 'react-hook-form';
import {
  Button,
  CreateBase,
  SaveButton,
  SimpleForm,
  Toolbar,
  useRedirect,
  useResourceContext,
  useTranslate,
  type RaRecord,
  type TransformData,
} from 'react-admin';
import type { ResourceDescriptor } from '../../domain/resource';
import { descriptorOfRoute } from '../dataProviders/resourceRegistry';
import { AccessGuard } from './AccessGuard';
import { FormTabs, type FormTab } from './FormTabs';
import { ItemEditContext } from './ItemEditContext';
import { JsonTab } from './JsonTab';
import { useViewer } from './useViewer';
import { useItemNotifications } from './useItemNotifications';
import { syncTransform } from './validation/syncTransform';
import { useFormValidator, type FormRules } from './validation/useFormValidator';

const CreateToolbar = ({
  beforeSave,
  inDialog,
}: Pick<ItemCreateProps, 'beforeSave'> & { inDialog: boolean }) => {
  const resource = useResourceContext() ?? '';
  const redirect = useRedirect();
  const { clearErrors, getValues } = useFormContext();
  const { isSubmitting, isValidating } = useFormState();
  const checkBeforeSave = (event: MouseEvent) => {
    // the API's refusal of the last try left form errors on no input: they would block every retry
    clearErrors();
    if (beforeSave && !beforeSave(getValues())) event.preventDefault();
  };
  // a new item's defaults are worth saving as they are: Save waits for no change, only for a running save
  const save = (
    <SaveButton
      onClick={checkBeforeSave}
      alwaysEnable={!isSubmitting && !isValidating}
      {...(inDialog ? { label: 'ra.action.create' } : {})}
    />
  );
  const leave = () => redirect('list', resource);
  if (inDialog)
    return (
      <Toolbar sx={{ gap: 1, justifyContent: 'flex-end', background: 'none' }}>
        <Button label="app.action.cancel" onClick={leave} />
        {save}
      </Toolbar>
    );
  return (
    <Toolbar sx={{ gap: 1 }}>
      {save}
      <Button label="app.action.back" onClick={leave}>
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
  /** the resource's declaration; by default the one of the route */
  descriptor?: ResourceDescriptor;
  /** the resource's rules beyond its create schema */
  rules?: FormRules;
  /** asked before Save with the form's values; false stops the save (it notifies why itself) */
  beforeSave?: (values: FieldValues) => boolean;
  /** the form is a dialog with this title (an i18n key) over the page, with Cancel and Create */
  dialogTitle?: string;
  /** the inputs lay themselves out in FormTabs, which then end with the JSON tab of admins */
  tabbed?: boolean;
}

/** Admins also write a new item as JSON (its create schema), on a page; a dialog stays a short form. */
function useCreateTabs(inDialog: boolean): FormTab[] {
  const translate = useTranslate();
  const isAdmin = useViewer().viewer?.isAdmin === true;
  return useMemo(
    () =>
      isAdmin && !inDialog
        ? [{ key: 'json', label: translate('app.tab.json'), lazy: true, content: <JsonTab /> }]
        : [],
    [isAdmin, inDialog, translate],
  );
}

/**
 * A create page: the form validated by the resource's create schema (and its own rules) with the spec's
 * messages; Save creates, notifies and opens the new item's page.
 *
 * @example <ItemCreate><TextInput source="name" /></ItemCreate>
 */
export const ItemCreate = ({
  children,
  defaultValues,
  onCreated,
  transform,
  descriptor,
  rules,
  beforeSave,
  dialogTitle,
  tabbed = false,
}: ItemCreateProps) => {
  const translate = useTranslate();
  const itemTabs = useCreateTabs(dialogTitle !== undefined);
  const resource = useResourceContext() ?? '';
  const writeSchema = (descriptor ?? descriptorOfRoute(resource))?.createSchema;
  const validate = useFormValidator(writeSchema, { rules, toBody: syncTransform(transform) });
  const settings = useMemo(() => ({ writeSchema, readOnly: false, itemTabs }), [writeSchema, itemTabs]);
  const content =
    tabbed || itemTabs.length === 0 ? (
      children
    ) : (
      <FormTabs tabs={[{ key: 'detail', label: translate('app.tab.detail'), content: children }]} />
    );
  const redirect = useRedirect();
  const notifications = useItemNotifications(resource);
  const form = (
    // noValidate: the write schema's messages, not the browser's own (e.g. on an e-mail input)
    <SimpleForm
      toolbar={<CreateToolbar beforeSave={beforeSave} inDialog={dialogTitle !== undefined} />}
      defaultValues={defaultValues}
      validate={validate}
      noValidate
      warnWhenUnsavedChanges={!dialogTitle}
    >
      <ItemEditContext.Provider value={settings}>{content}</ItemEditContext.Provider>
    </SimpleForm>
  );
  // denied: 403 in place, as every other screen (react-admin's CreateBase would jump to /access-denied)
  return (
    <AccessGuard action="create">
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
        {dialogTitle ? (
          <Dialog
            open
            onClose={() => redirect('list', resource)}
            fullWidth
            maxWidth="sm"
            aria-labelledby="new-item-title"
          >
            <DialogTitle id="new-item-title">{translate(dialogTitle)}</DialogTitle>
            {form}
          </Dialog>
        ) : (
          <Card>{form}</Card>
        )}
      </CreateBase>
    </AccessGuard>
  );
};
