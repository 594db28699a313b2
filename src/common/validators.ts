/**
 * A required text that is not only spaces; the message names the field
 * ('Please, fill this mandatory field: Name').
 *
 * @example <TextInput source="name" validate={mandatory(translate('resources.identity/project.fields.name'))} />
 */
export const mandatory = (fieldLabel: string) => (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
    ? { message: 'app.form.mandatory', args: { field: fieldLabel } }
    : undefined;
