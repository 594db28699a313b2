import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import Form from '@rjsf/mui';
import { schemaFormValidator } from './schemaFormValidator';

const hideSubmit = { 'ui:submitButtonOptions': { norender: true } };

/**
 * A form generated from a JSON schema (@rjsf/mui), validated live, inside the page's own form (a div, no
 * submit button); `uiSchema` may title its fields. Loaded only when such a form is shown: the schema forms are large.
 */
const SchemaForm = ({
  schema,
  value,
  onChange,
  readOnly,
  uiSchema,
}: {
  schema: RJSFSchema;
  value: unknown;
  onChange: (value: unknown) => void;
  readOnly: boolean;
  uiSchema?: UiSchema;
}) => (
  <Form
    schema={schema}
    formData={value ?? undefined}
    validator={schemaFormValidator}
    liveValidate="onChange"
    showErrorList={false}
    noHtml5Validate
    readonly={readOnly}
    tagName="div"
    uiSchema={{ ...uiSchema, ...hideSubmit }}
    onChange={(event) => onChange(event.formData)}
  />
);

export default SchemaForm;
