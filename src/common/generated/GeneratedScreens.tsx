import { useState } from 'react';
import { useCanAccess, useRedirect, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import type { ResourceDescriptor } from '../../../domain/resource';
import { hintOf, type ResourceUi } from '../../../domain/resourceUi';
import { ItemCreate } from '../ItemCreate';
import { ItemEdit } from '../ItemEdit';
import type { FormRules } from '../validation/useFormValidator';
import { GeneratedInputs } from './GeneratedInputs';
import { GeneratedList } from './GeneratedList';
import { AfterCreateWidget, NamedWidget } from './widgets';

interface ScreenProps {
  descriptor: ResourceDescriptor;
}

/** Trims the hinted text fields of a body before it is saved. */
const trimmer =
  (fields: readonly string[] = []) =>
  (data: Record<string, unknown>): Record<string, unknown> => {
    const trimmed = { ...data };
    for (const field of fields) {
      const value = trimmed[field];
      if (typeof value === 'string') trimmed[field] = value.trim();
    }
    return trimmed;
  };

/** The console's own minimum lengths of the New page's fields (a new user's password). */
function useMinLengthRules(ui: ResourceUi): FormRules {
  const translate = useTranslate();
  const limits = (ui.create ?? [])
    .map(hintOf)
    .flatMap((hint) =>
      'minLength' in hint && hint.minLength ? [{ field: hint.field, limit: hint.minLength }] : [],
    );
  return (values) =>
    limits.flatMap(({ field, limit }) => {
      const value = values[field];
      if (typeof value !== 'string' || value.length === 0 || value.length >= limit) return [];
      const reason = translate('app.form.reason.minLength', { limit });
      return [{ path: `/${field}`, message: translate('app.form.correctValue', { reason }) }];
    });
}

export const GeneratedListScreen = ({ descriptor }: ScreenProps) => <GeneratedList descriptor={descriptor} />;

/**
 * An item's page: the hinted fields as a form for a viewer who may change the item (Save, Apply), read-only with
 * no Save for one who may not; Delete by the rules; the named actions beside Back, the named widgets below.
 */
export const GeneratedEditScreen = ({ descriptor }: ScreenProps) => {
  const resource = useResourceContext();
  // the buttons follow the viewer's rights; the server enforces them either way
  const { canAccess: canUpdate } = useCanAccess({ action: 'update', resource });
  const { canAccess: canDelete = false } = useCanAccess({ action: 'delete', resource });
  const { ui } = descriptor;
  const trim = ui.trim ? trimmer(ui.trim) : undefined;
  return (
    <ItemEdit
      descriptor={descriptor}
      canSave={canUpdate === true}
      canDelete={canDelete}
      transform={trim}
      applyTransform={trim}
      extra={(ui.actions ?? []).map((name) => (
        <NamedWidget key={name} name={name} />
      ))}
      after={(ui.below ?? []).map((name) => (
        <NamedWidget key={name} name={name} />
      ))}
    >
      <GeneratedInputs descriptor={descriptor} mode="edit" />
    </ItemEdit>
  );
};

/**
 * A New page: the hinted fields (else the create schema's), their schema defaults, the console's own minimum
 * lengths; after creating, the item's page, or first a named widget (a secret shown once).
 */
export const GeneratedCreateScreen = ({ descriptor }: ScreenProps) => {
  const { ui } = descriptor;
  const redirect = useRedirect();
  const resource = useResourceContext() ?? descriptor.route;
  const [created, setCreated] = useState<RaRecord | null>(null);
  const rules = useMinLengthRules(ui);
  return (
    <>
      <ItemCreate
        descriptor={descriptor}
        transform={ui.trim ? trimmer(ui.trim) : undefined}
        rules={rules}
        onCreated={ui.afterCreate ? setCreated : undefined}
      >
        <GeneratedInputs descriptor={descriptor} mode="create" />
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
