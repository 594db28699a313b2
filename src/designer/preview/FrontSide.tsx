import Box from '@mui/material/Box';
import type { PassStyle } from '../../../domain/template/limits';
import { useDesigner } from '../DesignerContext';
import { BarcodeBox } from './BarcodeBox';
import { BACKGROUND_SIZE, CARD_HEIGHT, CARD_WIDTH, FOOTER_SIZE } from './cardSizes';
import { PreviewImage } from './PreviewImage';
import { BoardingPassFront, EventTicketFront, GenericFront, StripFront } from './StyleFronts';
import { TopRow } from './TopRow';
import { usePreviewImage } from './usePreviewImage';

const MIDDLE: Record<PassStyle, () => React.JSX.Element> = {
  boardingPass: BoardingPassFront,
  coupon: StripFront,
  storeCard: StripFront,
  eventTicket: EventTicketFront,
  generic: GenericFront,
};

/** An event ticket's background image, blurred behind everything. */
const Background = () => {
  const background = usePreviewImage('background');
  if (!background) return null;
  return (
    <PreviewImage
      src={background}
      type="background"
      sx={{
        position: 'absolute',
        left: (CARD_WIDTH - BACKGROUND_SIZE.width) / 2,
        top: (CARD_HEIGHT - BACKGROUND_SIZE.height) / 2,
        width: BACKGROUND_SIZE.width,
        height: BACKGROUND_SIZE.height,
        objectFit: 'cover',
        filter: 'blur(10px)',
        zIndex: -1,
      }}
    />
  );
};

const Footer = () => {
  const footer = usePreviewImage('footer');
  if (!footer) return null;
  return (
    <PreviewImage
      src={footer}
      type="footer"
      sx={{
        display: 'block',
        mx: 'auto',
        width: FOOTER_SIZE.width,
        height: FOOTER_SIZE.height,
        objectFit: 'contain',
      }}
    />
  );
};

/** The front of the pass: top row, the style's own middle, the footer image (boarding pass) and the barcode. */
export const FrontSide = ({ style }: { style: PassStyle }) => {
  const { jsonTemplate } = useDesigner();
  const Middle = MIDDLE[style];
  return (
    <>
      {style === 'eventTicket' && <Background />}
      <TopRow />
      <Middle />
      <Box sx={{ mt: 'auto', pt: 1 }}>
        {style === 'boardingPass' && <Footer />}
        {jsonTemplate.barcodes?.length ? <BarcodeBox /> : <Box sx={{ height: 12 }} />}
      </Box>
    </>
  );
};
