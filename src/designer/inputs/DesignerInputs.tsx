import { Box } from '@mui/material';
import { useDesigner } from '../DesignerContext';
import { AssociatedAppsInputs } from './AssociatedAppsInputs';
import { BarcodeInputs } from './BarcodeInputs';
import { ColourInputs } from './ColourInputs';
import { ImageInputs } from './ImageInputs';
import { InputsSection } from './InputsSection';
import { PassInputs } from './PassInputs';
import { RelevanceInputs } from './RelevanceInputs';
import { INPUT_SECTIONS, errorCountBySection, type InputSection } from './sectionProblems';

const SECTION_INPUTS: Record<InputSection, () => React.JSX.Element> = {
  pass: PassInputs,
  colours: ColourInputs,
  barcode: BarcodeInputs,
  images: ImageInputs,
  relevance: RelevanceInputs,
  apps: AssociatedAppsInputs,
};

/**
 * The designer's inputs for everything of the pass but its fields: pass, colours, barcode, images, relevance,
 * associated apps; one accordion section each, marked red while it holds errors.
 *
 * @example <DesignerProvider …><DesignerInputs /></DesignerProvider>
 */
export const DesignerInputs = () => {
  const { errors, style } = useDesigner();
  const counts = errorCountBySection(errors, style);
  return (
    <Box>
      {INPUT_SECTIONS.map((section) => {
        const Inputs = SECTION_INPUTS[section];
        return (
          <InputsSection
            key={section}
            section={section}
            errorCount={counts[section]}
            defaultExpanded={section === 'pass'}
          >
            <Inputs />
          </InputsSection>
        );
      })}
    </Box>
  );
};
