import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { JsonEditor } from '../../../common/JsonEditor';
import { WRITABLE_TEMPLATE_FIELDS } from '../templateValues';

/**
 * Admins: the template's writable fields as raw JSON (also the only editor of templates whose structure
 * the designer does not support). Valid JSON replaces the fields; invalid JSON changes nothing.
 */
export const TemplateJsonTab = ({ readOnly }: { readOnly: boolean }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const values = useWatch({ name: [...WRITABLE_TEMPLATE_FIELDS] }) as unknown[];
  const template = Object.fromEntries(WRITABLE_TEMPLATE_FIELDS.map((field, index) => [field, values[index]]));
  const onChange = (next: unknown) => {
    const fields = next as Record<string, unknown>;
    for (const field of WRITABLE_TEMPLATE_FIELDS) {
      setValue(field, fields[field], { shouldDirty: true });
    }
  };
  return (
    <JsonEditor
      label={translate('app.template.tab.json')}
      value={template}
      onChange={onChange}
      readOnly={readOnly}
      minRows={24}
    />
  );
};
