import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DndProvider } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import { useTranslate } from 'react-admin';
import type { PassStyle } from '../../../domain/template/limits';
import type { FieldPlace } from '../designerRules';
import { useDesigner } from '../DesignerContext';
import { isNewDesignStyle, type NewDesignStyle } from '../designStyles';
import { BackSide } from './BackSide';
import { CARD_HEIGHT, CARD_WIDTH } from './cardSizes';
import { displayColor, type SampleData } from './displayValue';
import { FrontSide } from './FrontSide';
import { PosterEventFront } from './PosterEventFront';
import { PosterGenericFront } from './PosterGenericFront';
import { PreviewProvider, usePreview } from './PreviewContext';
import { SemanticBoardingFront } from './SemanticBoardingFront';

/** The fronts of today's layouts; the classic front stands for what older iOS shows. */
const NEW_FRONTS: Record<NewDesignStyle, () => React.JSX.Element> = {
  posterEventTicket: PosterEventFront,
  semanticBoardingPass: SemanticBoardingFront,
  posterGeneric: PosterGenericFront,
};

export interface PassPreviewProps {
  side: 'front' | 'back';
  /** the language the texts are shown in; English stands in for missing translations */
  language: string;
  /** dynamic data that fills the `#{placeholders}` (their fallbacks show where it has none) */
  sampleData: SampleData;
  /** a field was clicked (or added): open its editor next to the anchor */
  onEditField?: (place: FieldPlace, anchor: HTMLElement) => void;
  /** the field being edited, outlined */
  selected?: FieldPlace;
  /** shows what iOS 17 shows of a new layout: its classic style */
  classicView?: boolean;
}

const DEFAULT_BACKGROUND = 'rgb(255,255,255)';

const PassCard = ({
  style,
  side,
  classicView,
}: {
  style: PassStyle;
  side: PassPreviewProps['side'];
  classicView: boolean;
}) => {
  const translate = useTranslate();
  const { jsonTemplate, designStyle } = useDesigner();
  const NewFront = isNewDesignStyle(designStyle) && !classicView ? NEW_FRONTS[designStyle] : undefined;
  const { sampleData, foregroundColor } = usePreview();
  return (
    <Box
      role="region"
      data-testid="pass-preview"
      aria-label={translate(side === 'front' ? 'app.designer.preview.front' : 'app.designer.preview.back')}
      sx={{
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        flex: '0 0 auto',
        position: 'relative',
        // its own stacking context: strip and background images sit between its colour and the fields
        zIndex: 0,
        overflow: 'hidden',
        borderRadius: '14px',
        boxShadow: '0 2px 10px rgba(0,0,0,0.25)',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: displayColor(jsonTemplate.backgroundColor, sampleData, DEFAULT_BACKGROUND),
        color: foregroundColor,
        fontFamily: '-apple-system, "SF Pro Text", "Helvetica Neue", Roboto, Arial, sans-serif',
        userSelect: 'none',
      }}
    >
      {side === 'back' ? <BackSide /> : NewFront ? <NewFront /> : <FrontSide style={style} />}
    </Box>
  );
};

/**
 * The pass as Apple Wallet draws it, front or back, from the template being designed: fields open their
 * editor on a click, move by drag and drop between areas with room, and "+" adds a field to an area. Today's
 * layouts (poster event ticket, semantic boarding pass, poster generic) are approximated from their own keys, or
 * shown as iOS 17 shows them (classicView).
 *
 * @example <PassPreview side="front" language="cs" sampleData={sampleDynamicData(schema)} onEditField={open} />
 */
export const PassPreview = ({
  side,
  language,
  sampleData,
  onEditField,
  selected,
  classicView = false,
}: PassPreviewProps) => {
  const translate = useTranslate();
  const { style } = useDesigner();
  if (!style)
    return <Typography color="error">{translate('app.designer.preview.unsupportedStyle')}</Typography>;
  return (
    <DndProvider backend={HTML5Backend}>
      <PreviewProvider
        language={language}
        sampleData={sampleData}
        selected={selected}
        onEditField={onEditField}
      >
        <PassCard style={style} side={side} classicView={classicView} />
      </PreviewProvider>
    </DndProvider>
  );
};
