import { MenuItem, TextField } from '@mui/material';
import { EVENT_TYPES } from '../../../domain/template/limits';
import { useDesigner } from '../DesignerContext';
import { useIosTranslate } from '../useIosTranslate';
import { ValueInput } from '../values/ValueInput';
import { useErrorMessages } from './useProblems';

/** How a tag is typed: a text (placeholders allowed), a date with its zone, a number, a time zone name, a choice. */
export type TagKind = 'text' | 'date' | 'number' | 'timeZone' | 'eventType';

export interface SemanticTagInputProps {
  tag: string;
  kind: TagKind;
  /** the pass.json path of the semantics object ('/semantics', '/upcomingPassInformation/0/semantics') */
  base: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** the layout needs the tag: marked, and said while it is empty */
  required?: boolean;
}

/**
 * One semantic tag, typed as its kind: texts and numbers take placeholders like other values of the designer,
 * dates use the date input (with their time zone), the event type is a choice.
 *
 * @example <SemanticTagInput tag="venueName" kind="text" base="/semantics" value={semantics.venueName} onChange={set} required />
 */
export const SemanticTagInput = ({
  tag,
  kind,
  base,
  value,
  onChange,
  required = false,
}: SemanticTagInputProps) => {
  const translate = useIosTranslate();
  const { readOnly } = useDesigner();
  const path = `${base}/${tag}`;
  const problems = useErrorMessages(path);
  const label = `${translate(`semantics.tags.${tag}`)}${required ? ' *' : ''}`;
  const missing = required && (value === undefined || value === '');
  const help = missing
    ? translate('required')
    : kind === 'date'
      ? translate('semantics.dateHelp')
      : kind === 'timeZone'
        ? translate('semantics.timeZoneHelp')
        : undefined;

  if (kind === 'eventType')
    return (
      <TextField
        select
        label={label}
        value={typeof value === 'string' ? value : ''}
        size="small"
        disabled={readOnly}
        error={problems.length > 0}
        helperText={problems[0]}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <MenuItem value="">{translate('semantics.noEventType')}</MenuItem>
        {EVENT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {translate(`semantics.eventTypes.${type}`)}
          </MenuItem>
        ))}
      </TextField>
    );
  return (
    <ValueInput
      label={label}
      path={path}
      value={value}
      onChange={onChange}
      kind={kind === 'date' ? 'date' : kind === 'number' ? 'number' : 'string'}
      singleLanguage
      readOnly={readOnly}
      helperText={help}
    />
  );
};
