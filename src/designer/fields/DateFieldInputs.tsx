import { FormControlLabel, Stack, Switch } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FieldT } from '../../../domain/template/jsonTemplateSchema';
import { DATE_STYLE_OPTIONS, withProperty, type DateFieldT } from './fieldProperties';
import { OptionSelect } from './OptionSelect';

/**
 * A date field's own properties: date and time styles (required), and the time zone and relative switches
 * (off removes the property).
 *
 * @example <DateFieldInputs field={dateField} change={change} disabled={false} />
 */
export const DateFieldInputs = ({
  field,
  change,
  disabled,
}: {
  field: DateFieldT;
  change: (edit: (field: FieldT) => FieldT) => void;
  disabled: boolean;
}) => {
  const translate = useTranslate();
  const set = (name: string, value: unknown) => change((current) => withProperty(current, name, value));
  const toggle = (name: 'ignoresTimeZone' | 'isRelative') => (
    <FormControlLabel
      disabled={disabled}
      control={
        <Switch
          checked={field[name] === true}
          onChange={(event) => set(name, event.target.checked || undefined)}
        />
      }
      label={translate(`app.designer.fields.${name}`)}
    />
  );
  return (
    <>
      <Stack direction="row" spacing={1}>
        <OptionSelect
          label={translate('app.designer.fields.dateStyle')}
          value={field.dateStyle}
          options={DATE_STYLE_OPTIONS}
          onChange={(value) => set('dateStyle', value)}
          disabled={disabled}
        />
        <OptionSelect
          label={translate('app.designer.fields.timeStyle')}
          value={field.timeStyle}
          options={DATE_STYLE_OPTIONS}
          onChange={(value) => set('timeStyle', value)}
          disabled={disabled}
        />
      </Stack>
      {toggle('ignoresTimeZone')}
      {toggle('isRelative')}
    </>
  );
};
