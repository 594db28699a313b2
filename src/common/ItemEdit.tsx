import { Card, LinearProgress } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import {
  EditBase,
  SimpleForm,
  useCanAccess,
  useRecordContext,
  useNavigate,
  useParams,
  useResourceContext,
  useTranslate,
  type TransformData,
  type ValidateForm,
} from 'react-admin';
import type { ResourceDescriptor } from '../../domain/resource';
import { errorStatus } from '../dataProviders/httpClient';
import { descriptorOfRoute } from '../dataProviders/resourceRegistry';
import { AccessGuard } from './AccessGuard';
import { DetailLoader } from './DetailLoader';
import { FormTabs, type FormTab } from './FormTabs';
import { ItemEditContext, type ItemEditSettings } from './ItemEditContext';
import { ItemHistory } from './ItemHistory';
import { ItemToolbar, type ItemToolbarProps } from './ItemToolbar';
import { JsonTab } from './JsonTab';
import { useItemNotifications } from './useItemNotifications';
import { useViewer } from './useViewer';
import { syncTransform } from './validation/syncTransform';
import { useFormValidator, type FormRules } from './validation/useFormValidator';

export interface ItemEditProps extends ItemToolbarProps {
  /** the form's inputs */
  children: ReactNode;
  /** shown under the form once the item is loaded (e.g. a project's user rights) */
  after?: ReactNode;
  /** what Save and Apply do to the values before saving */
  transform?: TransformData;
  /** a failed read also goes to /error/{status} (pass, template and certificate pages, spec section 8) */
  readFailurePage?: boolean;
  /** the History tab offers "Restore this version" (templates) */
  restorableHistory?: boolean;
  /** the resource's declaration; by default the one of the route */
  descriptor?: ResourceDescriptor;
  /** the resource's rules beyond its update schema */
  rules?: FormRules;
  /** the inputs lay themselves out in FormTabs, which then end with the item's tabs (JSON, History) */
  tabbed?: boolean;
  /**
   * Save, Apply and Delete follow the viewer's rights on the item as read (its project's), instead of `canSave` and
   * `canDelete`
   */
  rightsOfItem?: boolean;
}

/** The viewer's update and delete rights on the item the page has read (none while it is being read). */
function useItemRights(resource: string, asked: boolean) {
  const record = useRecordContext();
  // asked only by a page that follows them (others say their rights themselves)
  const enabled = asked && record !== undefined;
  const update = useCanAccess({ action: 'update', resource, record, enabled });
  const remove = useCanAccess({ action: 'delete', resource, record, enabled });
  return {
    canSave: enabled && update.canAccess === true,
    canDelete: enabled && remove.canAccess === true,
    // the read item waits for its rights: its inputs never show read-only for a moment to one who may change it
    pending: enabled && (update.isPending || remove.isPending),
  };
}

/** The form's settings (its write schema, read-only) and the form, once the rights that decide them are known. */
const ItemEditBody = ({
  writeSchema,
  itemTabs,
  validate,
  rightsOfItem,
  ...props
}: Omit<ItemEditProps, 'rules' | 'descriptor' | 'transform' | 'readFailurePage' | 'restorableHistory'> & {
  writeSchema: ItemEditSettings['writeSchema'];
  itemTabs: FormTab[];
  validate: ValidateForm;
}) => {
  const resource = useResourceContext() ?? '';
  const { pending, ...itemRights } = useItemRights(resource, rightsOfItem === true);
  const rights = rightsOfItem ? itemRights : { canSave: props.canSave, canDelete: props.canDelete };
  const readOnly = rights.canSave === false || props.saveDisabled === true;
  // one value while nothing changes: every piece that reads it would render again otherwise
  const settings = useMemo(() => ({ writeSchema, readOnly, itemTabs }), [writeSchema, readOnly, itemTabs]);
  if (rightsOfItem && pending) return <LinearProgress sx={{ my: 2 }} />;
  return (
    <ItemEditContext.Provider value={settings}>
      <ItemForm validate={validate} {...props} {...rights} />
    </ItemEditContext.Provider>
  );
};

const ItemForm = ({
  children,
  after,
  tabbed,
  validate,
  ...toolbar
}: Pick<ItemEditProps, 'children' | 'after' | 'tabbed'> & ItemToolbarProps & { validate: ValidateForm }) => {
  const translate = useTranslate();
  return (
    <DetailLoader>
      <Card>
        {/* noValidate: the write schema's messages, not the browser's own (e.g. on an e-mail input) */}
        {/* the toolbar tells of a refused save itself (useInvalidSaveNotification) */}
        {/* leaving with unsaved changes asks first (the designer edits this form too) */}
        <SimpleForm
          toolbar={<ItemToolbar {...toolbar} />}
          validate={validate}
          noValidate
          disableInvalidFormNotification
          warnWhenUnsavedChanges
        >
          {tabbed ? (
            children
          ) : (
            <FormTabs tabs={[{ key: 'detail', label: translate('app.tab.detail'), content: children }]} />
          )}
        </SimpleForm>
      </Card>
      {after}
    </DetailLoader>
  );
};

/** JSON for admins (unless the form places it itself), then History for whoever reads the item. */
function useItemTabs(restorable: boolean): FormTab[] {
  const translate = useTranslate();
  const isAdmin = useViewer().viewer?.isAdmin === true;
  return useMemo(() => {
    const tabs: FormTab[] = [];
    if (isAdmin)
      tabs.push({ key: 'json', label: translate('app.tab.json'), lazy: true, content: <JsonTab /> });
    tabs.push({
      key: 'history',
      label: translate('app.history.title'),
      lazy: true,
      content: <ItemHistory restorable={restorable} />,
    });
    return tabs;
  }, [isAdmin, restorable, translate]);
}

/**
 * An item's page (spec section 4 item form): spinner, error box, the form with Save/Apply/Delete/Back,
 * validated by the resource's update schema (and its own rules) with the spec's messages, pessimistic saving
 * with the section 8 notifications, and the item's tabs: JSON for admins and History (its audit trail).
 *
 * @example <ItemEdit canDelete><TextInput source="name" /></ItemEdit>
 */
export const ItemEdit = ({
  transform,
  readFailurePage = false,
  restorableHistory = false,
  descriptor: declared,
  rules,
  ...props
}: ItemEditProps) => {
  const resource = useResourceContext() ?? '';
  const { id = '' } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const notifications = useItemNotifications(resource);
  const descriptor = declared ?? descriptorOfRoute(resource);
  const validate = useFormValidator(descriptor?.updateSchema, { rules, toBody: syncTransform(transform) });
  const itemTabs = useItemTabs(restorableHistory);
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
        <ItemEditBody
          writeSchema={descriptor?.updateSchema}
          itemTabs={itemTabs}
          validate={validate}
          {...props}
        />
      </EditBase>
    </AccessGuard>
  );
};
