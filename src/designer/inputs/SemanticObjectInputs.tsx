/** The semantic tags that are objects or lists: a start date's information, a person's name, performers, a place. */
import { FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import type { SemanticTagsT } from '../../../domain/template/semanticTags';
import { useDesigner } from '../DesignerContext';
import { useIosTranslate } from '../useIosTranslate';
import { ValueInput } from '../values/ValueInput';
import { ListItems } from './ListItems';
import { NumberTextField } from './NumberTextField';
import { withKey, withoutItem } from './templateEdits';
import { useErrorMessages } from './useProblems';

type Semantics = SemanticTagsT;
type Setter = (tag: keyof Semantics, value: unknown) => void;
/** What each input of a structured tag gets: where the semantics are, their values, and how to set one. */
interface TagInputProps {
  base: string;
  semantics: Semantics;
  set: Setter;
}

/** A switch of a flag that is either true or absent (Wallet reads absent as false). */
export const FlagSwitch = ({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (value: true | undefined) => void;
}) => {
  const { readOnly } = useDesigner();
  return (
    <FormControlLabel
      disabled={readOnly}
      label={label}
      control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked || undefined)} />}
    />
  );
};

/**
 * A time zone name (Europe/Prague) of date information, a plain text.
 *
 * @example <TimeZoneInput path="/semantics/eventStartDateInfo/timeZone" value={info.timeZone} onChange={set} />
 */
export const TimeZoneInput = ({
  path,
  value,
  onChange,
}: {
  path: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) => {
  const translate = useIosTranslate();
  const { readOnly } = useDesigner();
  const problems = useErrorMessages(path);
  return (
    <TextField
      label={translate('semantics.dateInfo.timeZone')}
      value={value ?? ''}
      size="small"
      placeholder="Europe/Prague"
      error={problems.length > 0}
      helperText={problems[0] ?? translate('semantics.timeZoneHelp')}
      slotProps={{ input: { readOnly } }}
      onChange={(event) => onChange(event.target.value.trim() || undefined)}
    />
  );
};

/** eventStartDateInfo: the start the poster shows, or that it is not announced or decided yet. */
export const EventDateInfoInputs = ({ base, semantics, set }: TagInputProps) => {
  const translate = useIosTranslate();
  const { readOnly } = useDesigner();
  const info = semantics.eventStartDateInfo ?? {};
  const path = `${base}/eventStartDateInfo`;
  const change = (key: string, value: unknown) => set('eventStartDateInfo', withKey(info, key, value));
  return (
    <Stack spacing={1} role="group" aria-label={translate('semantics.startInfo')}>
      <Typography variant="body2">{translate('semantics.startInfo')}</Typography>
      <ValueInput
        label={translate('semantics.dateInfo.date')}
        path={`${path}/date`}
        value={info.date}
        onChange={(value) => change('date', value)}
        kind="date"
        readOnly={readOnly}
        helperText={translate('semantics.dateHelp')}
      />
      <TimeZoneInput
        path={`${path}/timeZone`}
        value={info.timeZone}
        onChange={(value) => change('timeZone', value)}
      />
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap' }}>
        {(['ignoreTimeComponents', 'unannounced', 'undetermined'] as const).map((flag) => (
          <FlagSwitch
            key={flag}
            label={translate(`semantics.dateInfo.${flag}`)}
            checked={info[flag] === true}
            onChange={(value) => change(flag, value)}
          />
        ))}
      </Stack>
    </Stack>
  );
};

const NAME_PARTS = ['givenName', 'middleName', 'familyName', 'namePrefix', 'nameSuffix'] as const;
/** a passenger's name needs at least one part: these are the ones a person is asked for */
const REQUIRED_PARTS: readonly string[] = ['givenName', 'familyName'];

/** passengerName: the parts of a person's name, each a text that may take a placeholder. */
export const PersonNameInputs = ({
  base,
  semantics,
  set,
  required,
}: TagInputProps & { required: boolean }) => {
  const translate = useIosTranslate();
  const { readOnly } = useDesigner();
  const name = semantics.passengerName;
  const missing = required && name === undefined;
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
      {NAME_PARTS.map((part) => (
        <Stack key={part} sx={{ width: 200 }}>
          <ValueInput
            label={`${translate(`semantics.tags.${part}`)}${required && REQUIRED_PARTS.includes(part) ? ' *' : ''}`}
            path={`${base}/passengerName/${part}`}
            value={name?.[part]}
            onChange={(value) => set('passengerName', withKey(name, part, value))}
            kind="string"
            singleLanguage
            readOnly={readOnly}
            helperText={missing && part === 'givenName' ? translate('required') : undefined}
          />
        </Stack>
      ))}
    </Stack>
  );
};

/** performerNames: one text per performer, added and removed. */
export const PerformerInputs = ({
  base,
  semantics,
  set,
  required,
}: TagInputProps & { required: boolean }) => {
  const translate = useIosTranslate();
  const { readOnly } = useDesigner();
  const names = semantics.performerNames ?? [];
  return (
    <ListItems
      title={`${translate('semantics.tags.performerNames')}${required ? ' *' : ''}`}
      path={`${base}/performerNames`}
      count={names.length}
      max={50}
      itemName={(number) => translate('semantics.performer', { number })}
      addLabel={translate('semantics.addPerformer')}
      onAdd={() => set('performerNames', [...names, ''])}
      onRemove={(index) => set('performerNames', withoutItem(names, index))}
      renderItem={(index) => (
        <ValueInput
          label={translate('semantics.performer', { number: index + 1 })}
          path={`${base}/performerNames/${index}`}
          value={names[index]}
          onChange={(value) =>
            set(
              'performerNames',
              names.map((name, at) => (at === index ? (value ?? '') : name)),
            )
          }
          kind="string"
          singleLanguage
          readOnly={readOnly}
        />
      )}
    />
  );
};

/** venueLocation: latitude and longitude of the venue. */
export const VenueLocationInputs = ({ base, semantics, set }: TagInputProps) => {
  const translate = useIosTranslate();
  const { readOnly } = useDesigner();
  const location = semantics.venueLocation;
  return (
    <Stack direction="row" spacing={1.5} role="group" aria-label={translate('semantics.tags.venueLocation')}>
      {(['latitude', 'longitude'] as const).map((key) => (
        <NumberTextField
          key={key}
          label={translate(`semantics.tags.${key}`)}
          path={`${base}/venueLocation/${key}`}
          value={location?.[key]}
          onChange={(value) => set('venueLocation', withKey(location, key, value))}
          readOnly={readOnly}
          sx={{ width: 160 }}
        />
      ))}
    </Stack>
  );
};
