import type { FieldT, JsonTemplateT, PosterGenericBodyT } from '../../../domain/template/jsonTemplateSchema';
import {
  POSTER_GENERIC_MAX_FOOTER,
  POSTER_GENERIC_MAX_PRIMARY,
  maxFields,
} from '../../../domain/template/limits';
import { useDesigner } from '../DesignerContext';
import { useIosTranslate } from '../useIosTranslate';
import { ValueInput } from '../values/ValueInput';
import { FieldListInputs } from './FieldListInputs';
import { FlagSwitch } from './SemanticObjectInputs';
import { withKey, withProperty } from './templateEdits';

type PosterArea = keyof PosterGenericBodyT;
const POSTER_AREAS: ReadonlyArray<readonly [PosterArea, number, string]> = [
  ['headerFields', maxFields('generic', 'headerFields'), 'header'],
  ['primaryFields', POSTER_GENERIC_MAX_PRIMARY, 'primary'],
  ['footerFields', POSTER_GENERIC_MAX_FOOTER, 'footer'],
  ['additionalInfoFields', 50, 'info'],
  ['backFields', 50, 'back'],
];

/** The poster generic body's areas (iOS 27), next to the generic body that older iOS shows. */
const PosterGenericAreas = () => {
  const translate = useIosTranslate();
  const { jsonTemplate, update } = useDesigner();
  const poster = jsonTemplate.posterGeneric ?? {};
  const setArea = (area: PosterArea, fields: FieldT[] | undefined) =>
    // the body stays while the layout is poster generic, even empty
    update((template) => ({
      ...template,
      posterGeneric: withKey(template.posterGeneric, area, fields) ?? {},
    }));
  return (
    <>
      {POSTER_AREAS.map(([area, max, prefix]) => (
        <FieldListInputs
          key={area}
          title={translate(`poster.${area}`)}
          path={`/posterGeneric/${area}`}
          fields={poster[area]}
          max={max}
          keyPrefix={prefix}
          onChange={(fields) => setArea(area, fields)}
        />
      ))}
    </>
  );
};

/** A poster event ticket's options (iOS 18): logo text, footer colour, header darkening, automatic colours, additional info. */
const PosterEventOptions = () => {
  const translate = useIosTranslate();
  const { jsonTemplate, style, body, readOnly, update, updateBody } = useDesigner();
  const set =
    <K extends keyof JsonTemplateT>(key: K) =>
    (value: unknown) =>
      update((template) => withProperty(template, key, value as JsonTemplateT[K]));
  return (
    <>
      <ValueInput
        label={translate('poster.eventLogoText')}
        path="/eventLogoText"
        value={jsonTemplate.eventLogoText}
        onChange={set('eventLogoText')}
        kind="string"
        readOnly={readOnly}
      />
      <ValueInput
        label={translate('poster.footerBackgroundColor')}
        path="/footerBackgroundColor"
        value={jsonTemplate.footerBackgroundColor}
        onChange={set('footerBackgroundColor')}
        kind="color"
        readOnly={readOnly}
      />
      <FlagSwitch
        label={translate('poster.suppressHeaderDarkening')}
        checked={jsonTemplate.suppressHeaderDarkening === true}
        onChange={set('suppressHeaderDarkening')}
      />
      <FlagSwitch
        label={translate('poster.useAutomaticColors')}
        checked={jsonTemplate.useAutomaticColors === true}
        onChange={set('useAutomaticColors')}
      />
      <FieldListInputs
        title={translate('poster.additionalInfoFields')}
        path={`/${style ?? 'eventTicket'}/additionalInfoFields`}
        fields={body.additionalInfoFields}
        keyPrefix="info"
        onChange={(fields) => updateBody((current) => withKey(current, 'additionalInfoFields', fields) ?? {})}
      />
    </>
  );
};

/** The poster's section: a poster event ticket's options, or a poster generic pass's areas. */
export const PosterInputs = () => {
  const { designStyle, jsonTemplate } = useDesigner();
  return (
    <>
      {designStyle !== 'posterGeneric' && <PosterEventOptions />}
      {(designStyle === 'posterGeneric' || jsonTemplate.posterGeneric !== undefined) && (
        <PosterGenericAreas />
      )}
    </>
  );
};
