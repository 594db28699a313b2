import { LinearProgress } from '@mui/material';
import { useState } from 'react';
import { useRedirect, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import type { ResourceDescriptor } from '../../../domain/resource';
import type { TObject } from '@sinclair/typebox';
import { hintOf, type FieldHint, type ResourceUi } from '../../../domain/resourceUi';
import { AccessGuard } from '../AccessGuard';
import { ItemCreate } from '../ItemCreate';
import { byName } from '../ProjectInput';
import { useProjectRegister } from '../useProjectRegister';
import { ItemEdit } from '../ItemEdit';
import type { FormRules } from '../validation/useFormValidator';
import { GeneratedInputs } from './GeneratedInputs';
import { GeneratedList } from './GeneratedList';
import { GeneratedTabs } from './GeneratedTabs';
import {
  AfterCreateWidget,
  NamedWidget,
  useAfterSave,
  useBodyTransform,
  useConsoleCreateDefaults,
  useFormChecks,
  type BodyTransform,
} from './widgets';

interface ScreenProps {
  descriptor: ResourceDescriptor;
}

/** Trims the hinted text fields of a body before it is saved; on a New page, an optional one left empty (or emptied: null) is not sent. */
function trimmer(fields: readonly string[] = [], dropEmptyOf?: TObject) {
  const required = new Set(dropEmptyOf?.required ?? []);
  return (data: Record<string, unknown>): Record<string, unknown> => {
    const trimmed = { ...data };
    for (const field of fields) {
      const value = trimmed[field];
      // an input never filled is undefined, an emptied one null
      const empty =
        value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
      if (dropEmptyOf && empty && !required.has(field)) delete trimmed[field];
      else if (typeof value === 'string') trimmed[field] = value.trim();
    }
    return trimmed;
  };
}

/** What a save does to the values: trims the hinted texts, then the named transform; nothing when neither is hinted. */
function useSaveTransform(ui: ResourceUi, dropEmptyOf?: TObject): BodyTransform | undefined {
  const named = useBodyTransform(ui.transform);
  const trim = ui.trim ? trimmer(ui.trim, dropEmptyOf) : undefined;
  if (!trim || !named) return trim ?? named;
  return (data) => named(trim(data));
}

/** The console's own checks of a New page's texts: a minimum length (a new user's password), a pattern. */
function useCreateRules(ui: ResourceUi): FormRules {
  const translate = useTranslate();
  const hints = (ui.create ?? []).map((hint) => hintOf(hint));
  const problemOf = (hint: FieldHint, value: string) => {
    if (hint.minLength && value.length < hint.minLength)
      return translate('app.form.correctValue', {
        reason: translate('app.form.reason.minLength', { limit: hint.minLength }),
      });
    if (hint.pattern && !new RegExp(hint.pattern).test(value.trim()))
      return translate(hint.patternMessage ?? 'app.form.correctValue');
    return undefined;
  };
  return (values) =>
    hints.flatMap((hint) => {
      const value = values[hint.field];
      if (typeof value !== 'string' || value.trim() === '') return [];
      const message = problemOf(hint, value);
      return message ? [{ path: `/${hint.field}`, message }] : [];
    });
}

/** Does a page lay its fields out in the hinted tabs? A New page does unless it names its own fields. */
const isTabbed = (ui: ResourceUi, mode: 'create' | 'edit') =>
  ui.tabs !== undefined && (mode === 'edit' || !ui.create);

/** A form's content: the named widgets above, then the tabs (a New page's too, unless it names its own fields) or the fields. */
const GeneratedForm = ({ descriptor, mode }: ScreenProps & { mode: 'create' | 'edit' }) => {
  const { ui } = descriptor;
  const tabbed = isTabbed(ui, mode);
  return (
    <>
      {(ui.above ?? []).map((name) => (
        <NamedWidget key={name} name={name} />
      ))}
      {tabbed ? (
        <GeneratedTabs descriptor={descriptor} mode={mode} />
      ) : (
        <GeneratedInputs descriptor={descriptor} mode={mode} />
      )}
    </>
  );
};

/**
 * An item's page: the hinted fields as a form for a viewer who may change the item (Save, Apply), read-only with
 * no Save for one who may not; Delete by the rules; the named checks, the named actions beside Back, the named
 * widgets above and below.
 */
export const GeneratedEditScreen = ({ descriptor }: ScreenProps) => {
  const screen = <EditScreen descriptor={descriptor} />;
  // named checks may read other resources: they wait for the guard (ItemEdit's own guards the others)
  return descriptor.ui.checks ? <AccessGuard action="edit">{screen}</AccessGuard> : screen;
};

const EditScreen = ({ descriptor }: ScreenProps) => {
  const { ui } = descriptor;
  const transform = useSaveTransform(ui);
  const { rules, beforeSave } = useFormChecks(ui.checks);
  const afterSave = useAfterSave(ui.afterSave);
  return (
    <ItemEdit
      descriptor={descriptor}
      tabbed={isTabbed(ui, 'edit')}
      readFailurePage={ui.readFailurePage}
      rightsOfItem
      transform={transform}
      applyTransform={transform}
      rules={rules}
      beforeSave={beforeSave}
      onSaved={afterSave}
      extra={(ui.actions ?? []).map((name) => (
        <NamedWidget key={name} name={name} />
      ))}
      after={(ui.below ?? []).map((name) => (
        <NamedWidget key={name} name={name} />
      ))}
    >
      <GeneratedForm descriptor={descriptor} mode="edit" />
    </ItemEdit>
  );
};

/**
 * A New page: the hinted fields (else the tabs' that the create schema takes, else the create schema's), their
 * schema defaults, the hinted ones and the console's, the console's own and the named checks, the save's
 * transform; after creating, the item's page, or first a named widget (a secret shown once).
 */
export const GeneratedCreateScreen = ({ descriptor }: ScreenProps) => {
  const dialog = descriptor.ui.createDialog;
  return (
    // the guard first: the console's defaults and checks may read other resources
    <AccessGuard action="create">
      {dialog && 'widget' in dialog ? (
        <>
          <GeneratedList descriptor={descriptor} />
          <NamedWidget name={dialog.widget} />
        </>
      ) : (
        <CreateScreen descriptor={descriptor} />
      )}
    </AccessGuard>
  );
};

const CreateScreen = ({ descriptor }: ScreenProps) => {
  const { ui } = descriptor;
  const redirect = useRedirect();
  const resource = useResourceContext() ?? descriptor.route;
  const [created, setCreated] = useState<RaRecord | null>(null);
  const hintedRules = useCreateRules(ui);
  const { rules, beforeSave } = useFormChecks(ui.checks);
  const transform = useSaveTransform(ui, descriptor.createSchema);
  const consoleDefaults = useConsoleCreateDefaults();
  const dialogTitle = ui.createDialog && 'title' in ui.createDialog ? ui.createDialog.title : undefined;
  // a new row's project is the first of the viewer's projects by name unless chosen
  const { projects, isPending } = useProjectRegister();
  const hasProject = 'projectId' in descriptor.createSchema.properties;
  if ((hasProject && isPending) || !consoleDefaults) return <LinearProgress sx={{ my: 2 }} />;
  const defaultValues = {
    ...(hasProject ? { projectId: byName(projects)[0]?.id } : {}),
    ...ui.createDefaults,
    ...consoleDefaults,
  };
  return (
    <>
      {dialogTitle && <GeneratedList descriptor={descriptor} />}
      <ItemCreate
        descriptor={descriptor}
        dialogTitle={dialogTitle}
        tabbed={isTabbed(ui, 'create')}
        transform={transform}
        defaultValues={defaultValues}
        rules={rules ? (values) => [...hintedRules(values), ...rules(values)] : hintedRules}
        beforeSave={beforeSave}
        onCreated={ui.afterCreate ? setCreated : undefined}
      >
        <GeneratedForm descriptor={descriptor} mode="create" />
      </ItemCreate>
      {ui.afterCreate && created && (
        <AfterCreateWidget
          name={ui.afterCreate}
          record={created}
          done={() => redirect('edit', resource, created.id)}
        />
      )}
    </>
  );
};
