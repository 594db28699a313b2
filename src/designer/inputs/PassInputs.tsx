import { FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { StyleBodyT } from '../../../domain/template/jsonTemplateSchema';
import { TRANSIT_TYPES } from '../../../domain/template/limits';
import { useDesigner } from '../DesignerContext';
import { DESIGN_STYLES, changeDesignStyle, isNewDesignStyle, type DesignStyle } from '../designStyles';
import { useIosTranslate } from '../useIosTranslate';
import { ValueInput } from '../values/ValueInput';
import { withProperty } from './templateEdits';
import { useErrorMessages } from './useProblems';

type TransitType = NonNullable<StyleBodyT['transitType']>;
const t = (key: string) => `app.designer.inputs.pass.${key}`;

/** The pass style and transit type, the pass's texts, dates and sharing. */
export const PassInputs = () => {
  const translate = useTranslate();
  const translateIos = useIosTranslate();
  const { jsonTemplate, style, designStyle, body, readOnly, update, updateBody } = useDesigner();
  const styleName = (each: DesignStyle) =>
    isNewDesignStyle(each) ? translateIos(`styles.${each}`) : translate(t(`styles.${each}`));
  const transitProblems = useErrorMessages(style ? `/${style}/transitType` : '/transitType');
  const groupingProblems = useErrorMessages('/groupingIdentifier');
  const set =
    <K extends keyof typeof jsonTemplate>(key: K) =>
    (value: unknown) =>
      update((template) => withProperty(template, key, value as (typeof jsonTemplate)[K]));

  return (
    <>
      <TextField
        select
        label={translate(t('style'))}
        value={designStyle ?? ''}
        disabled={readOnly}
        size="small"
        helperText={isNewDesignStyle(designStyle) ? translateIos(`styleHelp.${designStyle}`) : undefined}
        onChange={(event) =>
          update((template) => changeDesignStyle(template, event.target.value as DesignStyle))
        }
      >
        {DESIGN_STYLES.map((each) => (
          <MenuItem key={each} value={each}>
            {styleName(each)}
          </MenuItem>
        ))}
      </TextField>
      {style === 'boardingPass' && (
        <TextField
          select
          label={translate(t('transitType'))}
          value={body.transitType ?? ''}
          disabled={readOnly || designStyle === 'semanticBoardingPass'}
          size="small"
          error={transitProblems.length > 0}
          helperText={
            transitProblems[0] ??
            (designStyle === 'semanticBoardingPass' ? translateIos('flightsOnly') : undefined)
          }
          onChange={(event) =>
            updateBody((current) => ({ ...current, transitType: event.target.value as TransitType }))
          }
        >
          {TRANSIT_TYPES.map((each) => (
            <MenuItem key={each} value={each}>
              {translate(t(`transitTypes.${each}`))}
            </MenuItem>
          ))}
        </TextField>
      )}
      <ValueInput
        label={translate(t('description'))}
        path="/description"
        value={jsonTemplate.description}
        onChange={set('description')}
        kind="string"
        required
        fallbackRequired
        readOnly={readOnly}
        helperText={translate(t('descriptionHelp'))}
      />
      <ValueInput
        label={translate(t('organizationName'))}
        path="/organizationName"
        value={jsonTemplate.organizationName}
        onChange={set('organizationName')}
        kind="string"
        required
        fallbackRequired
        readOnly={readOnly}
      />
      <ValueInput
        label={translate(t('logoText'))}
        path="/logoText"
        value={jsonTemplate.logoText}
        onChange={set('logoText')}
        kind="string"
        fallbackRequired
        readOnly={readOnly}
      />
      <TextField
        label={translate(t('groupingIdentifier'))}
        value={jsonTemplate.groupingIdentifier ?? ''}
        size="small"
        error={groupingProblems.length > 0}
        helperText={groupingProblems[0] ?? translate(t('groupingHelp'))}
        slotProps={{ input: { readOnly } }}
        onChange={(event) => set('groupingIdentifier')(event.target.value || undefined)}
      />
      <FormControlLabel
        disabled={readOnly}
        label={translate(t('sharingProhibited'))}
        control={
          <Switch
            checked={jsonTemplate.sharingProhibited === true}
            onChange={(event) => set('sharingProhibited')(event.target.checked || undefined)}
          />
        }
      />
      <ValueInput
        label={translate(t('expirationDate'))}
        path="/expirationDate"
        value={jsonTemplate.expirationDate}
        onChange={set('expirationDate')}
        kind="date"
        fallbackRequired
        readOnly={readOnly}
      />
      <ValueInput
        label={translate(t('relevantDate'))}
        path="/relevantDate"
        value={jsonTemplate.relevantDate}
        onChange={set('relevantDate')}
        kind="date"
        fallbackRequired
        readOnly={readOnly}
      />
    </>
  );
};
