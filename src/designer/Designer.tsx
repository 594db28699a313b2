import { Alert, Box, Stack, Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { BooleanInput, useTranslate } from 'react-admin';
import type { TemplateProblem } from '../../domain/template/rules';
import { useWindowWidth } from '../common/useWindowWidth';
import { DistributionLinks } from '../common/DistributionLinks';
import { ProblemList } from '../common/ProblemList';
import { areaOfPath } from '../common/templateAreas';
import { DesignerAreaChips } from './DesignerAreaChips';
import { DesignerProvider, useDesigner } from './DesignerContext';
import { DesignerTexts } from './DesignerTexts';
import { problemCountByArea } from './designerAreas';
import type { FieldPlace } from './designerRules';
import { sampleDynamicData } from './dynamicData';
import { withTicketSample } from './ticketPlaceholders';
import { FieldEditor } from './fields/FieldEditor';
import { DesignerInputs } from './inputs/DesignerInputs';
import { PassPreview } from './preview/PassPreview';
import { PreviewToolbar, initialPreviewLanguage, type PreviewSettings } from './PreviewToolbar';

/** Below this width the designer cannot be used (spec section 2). */
export const DESIGNER_MIN_WIDTH_PX = 500;

interface EditedField {
  place: FieldPlace;
  anchor: HTMLElement | null;
}

const DesignerLayout = () => {
  const translate = useTranslate();
  const { languages, dynamicDataJsonSchema, issuesTickets, errors, readOnly, style } = useDesigner();
  const [settings, setSettings] = useState<PreviewSettings>(() => ({
    side: 'front',
    language: initialPreviewLanguage(languages),
    withSampleData: true,
    classicView: false,
  }));
  const [edited, setEdited] = useState<EditedField | undefined>();
  const sample = useMemo(() => {
    const fromSchema = sampleDynamicData(dynamicDataJsonSchema);
    return issuesTickets ? withTicketSample(fromSchema) : fromSchema;
  }, [dynamicDataJsonSchema, issuesTickets]);
  const counts = problemCountByArea(errors);
  const closeEditor = useCallback(() => setEdited(undefined), []);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems="flex-start">
      <Stack spacing={2} sx={{ width: 360, flexShrink: 0 }}>
        <PreviewToolbar
          settings={settings}
          onChange={setSettings}
          frontHasErrors={counts.frontFields + counts.barcodes > 0}
          backHasErrors={counts.backFields > 0}
        />
        {style ? (
          <PassPreview
            side={settings.side}
            language={settings.language}
            sampleData={settings.withSampleData ? sample : {}}
            selected={edited?.place}
            classicView={settings.classicView}
            onEditField={(place, anchor) => setEdited({ place, anchor })}
          />
        ) : (
          <Alert severity="warning">{translate('app.template.unsupportedStyle')}</Alert>
        )}
        <DesignerAreaChips />
        <ProblemList
          problems={errors.filter((problem) => areaOfPath(problem.path) === 'designer')}
          title="app.template.errors"
        />
        {!readOnly && (
          <Typography variant="caption" color="text.secondary">
            {translate('app.designer.layout.hint')}
          </Typography>
        )}
      </Stack>
      <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <BooleanInput source="distributable" readOnly={readOnly} helperText={false} />
        <DistributionLinks />
        <DesignerInputs />
      </Box>
      <FieldEditor place={edited?.place} anchor={edited?.anchor ?? null} onClose={closeEditor} />
    </Stack>
  );
};

/** The designer's answer to a screen narrower than 500 px. */
const TooNarrow = () => {
  const translate = useTranslate();
  return (
    <Alert severity="info" title={translate('app.designer.layout.oopsTitle')}>
      <strong>{translate('app.designer.layout.oopsTitle')}</strong> {translate('app.designer.layout.oops')}
    </Alert>
  );
};

/**
 * The template designer (the template page's default tab): the pass as Wallet shows it, front and back,
 * whose fields are edited by clicking and moved by dragging, beside the inputs of the rest of the pass.json.
 * Below 500 px it only says it needs a wider screen.
 */
export const Designer = ({
  readOnly,
  errors,
  warnings,
}: {
  readOnly: boolean;
  errors: readonly TemplateProblem[];
  warnings: readonly TemplateProblem[];
}) => {
  const width = useWindowWidth();
  if (width < DESIGNER_MIN_WIDTH_PX)
    return (
      <DesignerTexts>
        <TooNarrow />
      </DesignerTexts>
    );
  return (
    <DesignerProvider readOnly={readOnly} errors={errors} warnings={warnings}>
      <DesignerLayout />
    </DesignerProvider>
  );
};
