import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { JsonEditor } from '../../common/JsonEditor';

/** The fields a client writes of a pass (PassWriteSchema). */
export const WRITABLE_PASS_FIELDS = [
  'templateId',
  'dynamicData',
  'dynamicImages',
  'voided',
  'expirationDate',
] as const;

/** Admins: the pass's writable fields as raw JSON; invalid JSON changes nothing. */
export const PassJsonTab = ({ readOnly }: { readOnly: boolean }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const values = useWatch({ name: [...WRITABLE_PASS_FIELDS] }) as unknown[];
  const pass = Object.fromEntries(WRITABLE_PASS_FIELDS.map((field, index) => [field, values[index]]));
  const onChange = (next: unknown) => {
    const fields = next as Record<string, unknown>;
    for (const field of WRITABLE_PASS_FIELDS) setValue(field, fields[field], { shouldDirty: true });
  };
  return (
    <JsonEditor
      label={translate('app.pass.tab.json')}
      value={pass}
      onChange={onChange}
      readOnly={readOnly}
      minRows={16}
    />
  );
};
