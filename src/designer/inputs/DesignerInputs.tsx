import { Box } from '@mui/material';
import { useDesigner } from '../DesignerContext';
import { AssociatedAppsInputs } from './AssociatedAppsInputs';
import { BarcodeInputs } from './BarcodeInputs';
import { ColourInputs } from './ColourInputs';
import { FeaturedActionsInputs } from './FeaturedActionsInputs';
import { ImageInputs } from './ImageInputs';
import { InputsSection } from './InputsSection';
import { LinkInputs } from './LinkInputs';
import { NfcInputs } from './NfcInputs';
import { PassInputs } from './PassInputs';
import { PosterInputs } from './PosterInputs';
import { RelevanceInputs } from './RelevanceInputs';
import { SemanticsInputs } from './SemanticsInputs';
import { UpcomingEventsInputs } from './UpcomingEventsInputs';
import { errorCountBySection, sectionsFor, type InputSection } from './sectionProblems';

const SECTION_INPUTS: Record<InputSection, () => React.JSX.Element> = {
  pass: PassInputs,
  colours: ColourInputs,
  barcode: BarcodeInputs,
  images: ImageInputs,
  relevance: RelevanceInputs,
  apps: AssociatedAppsInputs,
  semantics: SemanticsInputs,
  poster: PosterInputs,
  links: LinkInputs,
  actions: FeaturedActionsInputs,
  upcoming: UpcomingEventsInputs,
  nfc: NfcInputs,
};

/**
 * The designer's inputs for everything of the pass but its fields: pass, semantics, colours, poster, barcode,
 * images, links, featured actions, upcoming events, relevance, NFC, associated apps; one accordion section each
 * (those of a layout's own keys only for the layouts that use them), marked red while it holds errors.
 *
 * @example <DesignerProvider …><DesignerInputs /></DesignerProvider>
 */
export const DesignerInputs = () => {
  const { errors, style, designStyle, jsonTemplate } = useDesigner();
  const counts = errorCountBySection(errors, style);
  return (
    <Box>
      {sectionsFor(designStyle, jsonTemplate).map((section) => {
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
