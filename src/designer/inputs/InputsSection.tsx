import ErrorIcon from '@mui/icons-material/ErrorOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { InputSection } from './sectionProblems';

/**
 * One section of the designer's inputs: an accordion whose title turns red, with an error icon, while the
 * section holds errors. Its content is only mounted while it is open.
 */
export const InputsSection = ({
  section,
  errorCount,
  defaultExpanded = false,
  children,
}: {
  section: InputSection;
  errorCount: number;
  defaultExpanded?: boolean;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  const hasErrors = errorCount > 0;
  const id = `designer-inputs-${section}`;
  return (
    <Accordion
      defaultExpanded={defaultExpanded}
      disableGutters
      slotProps={{ transition: { unmountOnExit: true } }}
      data-testid={id}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${id}-header`}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {hasErrors && (
            <ErrorIcon
              color="error"
              fontSize="small"
              titleAccess={translate('app.designer.inputs.hasErrors')}
            />
          )}
          <Typography color={hasErrors ? 'error' : undefined} sx={{ fontWeight: 500 }}>
            {translate(`app.designer.inputs.sections.${section}`)}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={2}>{children}</Stack>
      </AccordionDetails>
    </Accordion>
  );
};
