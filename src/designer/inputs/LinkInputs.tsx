import { Stack, Typography } from '@mui/material';
import type { JsonTemplateT } from '../../../domain/template/jsonTemplateSchema';
import {
  AIRLINE_CONTACT_KEYS,
  AIRLINE_URL_KEYS,
  EVENT_GUIDE_CONTACT_KEYS,
  EVENT_GUIDE_URL_KEYS,
} from '../../../domain/template/limits';
import { useDesigner } from '../DesignerContext';
import { classicStyleOf } from '../designStyles';
import { useIosTranslate } from '../useIosTranslate';
import { ValueInput } from '../values/ValueInput';
import { HttpsInput } from './HttpsInput';
import { withKey } from './templateEdits';

type Links = Record<string, unknown>;

/**
 * The links and contacts of one group (the event guide's, the airline's) of an object of the pass.json: the pass
 * itself, or an upcoming event's URLs. Links are https addresses; contacts are texts that take placeholders.
 *
 * @example <LinkGroup urlKeys={EVENT_GUIDE_URL_KEYS} contactKeys={EVENT_GUIDE_CONTACT_KEYS} path="" links={template} onChange={…} />
 */
export const LinkGroup = ({
  title,
  urlKeys,
  contactKeys,
  path,
  links,
  onChange,
}: {
  title?: string;
  urlKeys: readonly string[];
  contactKeys: readonly string[];
  /** the pass.json path of the object holding the links ('' for the pass itself) */
  path: string;
  links: Links | undefined;
  onChange: (key: string, value: unknown) => void;
}) => {
  const translate = useIosTranslate();
  const { readOnly } = useDesigner();
  return (
    <Stack spacing={1.5}>
      {title && <Typography variant="subtitle1">{title}</Typography>}
      {urlKeys.map((key) => (
        <HttpsInput
          key={key}
          label={translate(`links.keys.${key}`)}
          path={`${path}/${key}`}
          value={typeof links?.[key] === 'string' ? (links[key] as string) : undefined}
          onChange={(value) => onChange(key, value)}
        />
      ))}
      {contactKeys.map((key) => (
        <ValueInput
          key={key}
          label={translate(`links.keys.${key}`)}
          path={`${path}/${key}`}
          value={links?.[key]}
          onChange={(value) => onChange(key, value)}
          kind="string"
          singleLanguage
          readOnly={readOnly}
        />
      ))}
    </Stack>
  );
};

const hasAny = (template: JsonTemplateT, keys: readonly string[]) =>
  keys.some((key) => (template as Record<string, unknown>)[key] !== undefined);

/**
 * The pass's links: the event guide's of an event ticket (iOS 18), the airline's of a boarding pass (iOS 26); a
 * group another style holds values of shows too.
 */
export const LinkInputs = () => {
  const translate = useIosTranslate();
  const { jsonTemplate, designStyle, update } = useDesigner();
  const classic = designStyle ? classicStyleOf(designStyle) : undefined;
  const set = (key: string, value: unknown) =>
    update((template) => (withKey(template, key, value) ?? template) as JsonTemplateT);
  const links = jsonTemplate as Links;
  return (
    <>
      {(classic === 'eventTicket' ||
        hasAny(jsonTemplate, [...EVENT_GUIDE_URL_KEYS, ...EVENT_GUIDE_CONTACT_KEYS])) && (
        <LinkGroup
          title={translate('links.eventGuide')}
          urlKeys={EVENT_GUIDE_URL_KEYS}
          contactKeys={EVENT_GUIDE_CONTACT_KEYS}
          path=""
          links={links}
          onChange={set}
        />
      )}
      {(classic === 'boardingPass' ||
        hasAny(jsonTemplate, [...AIRLINE_URL_KEYS, ...AIRLINE_CONTACT_KEYS])) && (
        <LinkGroup
          title={translate('links.airline')}
          urlKeys={AIRLINE_URL_KEYS}
          contactKeys={AIRLINE_CONTACT_KEYS}
          path=""
          links={links}
          onChange={set}
        />
      )}
    </>
  );
};
