import type { RJSFSchema } from '@rjsf/utils';
import Form from '@rjsf/mui';
import { schemaFormValidator } from './schemaFormValidator';

const hideSubmit = { 'ui:submitButtonOptions': { norender: true } };

/**
 * A form generated from a JSON schema (@rjsf/mui), validated live, inside the page's own form (a div, no
 * submit button). Loaded only when a pass's dynamic data is edited: the schema forms are large.
 */
const SchemaForm = ({
  schema,
  value,
  onChange,
  readOnly,
}: {
  schema: RJSFSchema;
  value: unknown;
  onChange: (value: unknown) => void;
  readOnly: boolean;
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
    uiSchema={hideSubmit}
    onChange={(event) => onChange(event.formData)}
  />
);

export default SchemaForm;
