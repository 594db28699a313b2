import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { JsonEditor } from '../../common/JsonEditor';

/**
 * Admins: an item's writable fields as raw JSON (invalid JSON changes nothing), above the whole record as read.
 *
 * @example <WritableJsonTab fields={['email', 'locale']} />
 */
export const WritableJsonTab = ({
  fields,
  readOnly = false,
}: {
  fields: readonly string[];
  readOnly?: boolean;
}) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const values = useWatch({ name: [...fields] }) as unknown[];
  const writable = Object.fromEntries(fields.map((field, index) => [field, values[index]]));
  const onChange = (next: unknown) => {
    const changed = next as Record<string, unknown>;
    for (const field of fields) setValue(field, changed[field], { shouldDirty: true });
  };
  return (
    <JsonEditor
      label={translate('app.ticket.tab.json')}
      value={writable}
      onChange={onChange}
      readOnly={readOnly}
      minRows={12}
    />
  );
};
