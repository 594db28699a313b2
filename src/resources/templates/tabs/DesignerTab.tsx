import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { JsonTemplateT, StyleBodyT } from '../../../../domain/template/jsonTemplateSchema';
import { FIELD_AREAS } from '../../../../domain/template/limits';
import { passStyleOf, type TemplateProblem } from '../../../../domain/template/rules';
import { ProblemList } from '../ProblemList';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A value as one line of text: a placeholder with its fallback ('#{name} (fallback: Guest)'), a text
 * per language ('en: Hello · cs: Ahoj').
 */
function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (!isObject(value)) return String(value);
  if ('value' in value) {
    const fallback = value.fallback === undefined ? '' : ` (fallback: ${asText(value.fallback)})`;
    return `${asText(value.value)}${fallback}`;
  }
  return Object.entries(value)
    .map(([language, text]) => `${language}: ${asText(text)}`)
    .join(' · ');
}

const Row = ({ label, value }: { label: string; value: unknown }) =>
  value === undefined ? null : (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {asText(value)}
    </Typography>
  );

/**
 * The Designer tab's place (the default tab). The visual designer comes in the next release; until then
 * the tab shows the pass style and the fields of the template read-only, and the problems to correct.
 */
export const DesignerTab = ({
  jsonTemplate,
  problems,
}: {
  jsonTemplate: JsonTemplateT | undefined;
  problems: readonly TemplateProblem[];
}) => {
  const translate = useTranslate();
  const style = jsonTemplate ? passStyleOf(jsonTemplate) : undefined;
  const body = (style && jsonTemplate ? jsonTemplate[style] : undefined) as StyleBodyT | undefined;
  return (
    <Stack spacing={2}>
      <Alert severity="info">{translate('app.template.designerSoon')}</Alert>
      <ProblemList problems={problems} title="app.template.errors" />
      {!style || !jsonTemplate ? (
        <Alert severity="warning">{translate('app.template.unsupportedStyle')}</Alert>
      ) : (
        <Stack spacing={1}>
          <Typography variant="subtitle1">
            {translate('app.template.passStyle')}: <Chip size="small" label={style} />
          </Typography>
          <Row label="description" value={jsonTemplate.description} />
          <Row label="organizationName" value={jsonTemplate.organizationName} />
          <Row label="logoText" value={jsonTemplate.logoText} />
          <Row label="backgroundColor" value={jsonTemplate.backgroundColor} />
          <Row label="foregroundColor" value={jsonTemplate.foregroundColor} />
          <Row label="labelColor" value={jsonTemplate.labelColor} />
          {FIELD_AREAS.map((area) =>
            body?.[area]?.length ? (
              <Box key={area}>
                <Typography variant="subtitle2">{area}</Typography>
                {body[area]?.map((field) => (
                  <Row key={field.key} label={asText(field.label) || field.key} value={field.value} />
                ))}
              </Box>
            ) : null,
          )}
          {jsonTemplate.barcodes?.map((barcode, index) => (
            <Row key={index} label={barcode.format} value={barcode.message} />
          ))}
        </Stack>
      )}
    </Stack>
  );
};
