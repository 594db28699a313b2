/** The middle of the front, style by style, as Wallet lays it out (between the top row and the barcode). */
import Box from '@mui/material/Box';
import { useDesigner } from '../DesignerContext';
import { CARD_PADDING, CONTENT_WIDTH, STRIP_HEIGHT, THUMBNAIL_SIZE } from './cardSizes';
import { FieldArea } from './FieldArea';
import { usePreview } from './PreviewContext';
import { PreviewImage } from './PreviewImage';
import { StripBand } from './StripBand';
import { TransitIcon } from './TransitIcon';
import { usePreviewImage } from './usePreviewImage';

const side = { mx: `${CARD_PADDING}px` };
const rowGap = { mt: 1.5 };
const THUMBNAIL_GAP = 8;
const TRANSIT_ICON_WIDTH = 40;

const Thumbnail = ({ src }: { src: string }) => (
  <PreviewImage
    src={src}
    type="thumbnail"
    sx={{ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, objectFit: 'contain', flex: '0 0 auto' }}
  />
);

const Row = ({ area }: { area: 'secondaryFields' | 'auxiliaryFields' }) => (
  <FieldArea area={area} variant="regular" rowWidth={CONTENT_WIDTH} sx={{ ...side, ...rowGap }} />
);

/** boardingPass: origin and destination with the transit icon between them, auxiliary row, secondary row. */
export const BoardingPassFront = () => {
  const { body } = useDesigner();
  const { foregroundColor } = usePreview();
  return (
    <>
      <FieldArea
        area="primaryFields"
        variant="boardingPrimary"
        rowWidth={CONTENT_WIDTH - TRANSIT_ICON_WIDTH}
        separator={<TransitIcon transitType={body.transitType} color={foregroundColor} />}
        sx={{ ...side, mt: 2 }}
      />
      <Row area="auxiliaryFields" />
      <Row area="secondaryFields" />
    </>
  );
};

/** coupon and storeCard: the primary field large over the strip; secondary and auxiliary share one row. */
export const StripFront = () => {
  const { body } = useDesigner();
  const strip = usePreviewImage('strip');
  const secondary = body.secondaryFields?.length ?? 0;
  const auxiliary = body.auxiliaryFields?.length ?? 0;
  const share = (count: number) => ({ flex: count > 0 ? `${count} 1 0` : '0 0 auto' });
  return (
    <>
      <StripBand src={strip} height={STRIP_HEIGHT.tall}>
        <FieldArea area="primaryFields" variant="stripPrimary" rowWidth={CONTENT_WIDTH} sx={{ flex: 1 }} />
      </StripBand>
      <Box sx={{ display: 'flex', gap: 1, ...side, ...rowGap }}>
        {(['secondaryFields', 'auxiliaryFields'] as const).map((area) => (
          <FieldArea
            key={area}
            area={area}
            variant="regular"
            rowWidth={CONTENT_WIDTH}
            rowFieldCount={secondary + auxiliary}
            sx={share(area === 'secondaryFields' ? secondary : auxiliary)}
          />
        ))}
      </Box>
    </>
  );
};

/** eventTicket: a strip under the primary field, or the thumbnail beside the primary and secondary fields. */
export const EventTicketFront = () => {
  const strip = usePreviewImage('strip');
  const thumbnail = usePreviewImage('thumbnail');
  if (strip)
    return (
      <>
        <StripBand src={strip} height={STRIP_HEIGHT.short}>
          <FieldArea area="primaryFields" variant="stripPrimary" rowWidth={CONTENT_WIDTH} sx={{ flex: 1 }} />
        </StripBand>
        <Row area="secondaryFields" />
        <Row area="auxiliaryFields" />
      </>
    );
  const width = CONTENT_WIDTH - (thumbnail ? THUMBNAIL_SIZE + THUMBNAIL_GAP : 0);
  return (
    <>
      <Box sx={{ display: 'flex', gap: `${THUMBNAIL_GAP}px`, alignItems: 'flex-start', ...side, mt: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <FieldArea area="primaryFields" variant="primary" rowWidth={width} />
          <FieldArea area="secondaryFields" variant="regular" rowWidth={width} sx={rowGap} />
        </Box>
        {thumbnail && <Thumbnail src={thumbnail} />}
      </Box>
      <Row area="auxiliaryFields" />
    </>
  );
};

/** generic: the primary field large with the thumbnail on its right; secondary row; auxiliary row. */
export const GenericFront = () => {
  const thumbnail = usePreviewImage('thumbnail');
  const width = CONTENT_WIDTH - (thumbnail ? THUMBNAIL_SIZE + THUMBNAIL_GAP : 0);
  return (
    <>
      <Box sx={{ display: 'flex', gap: `${THUMBNAIL_GAP}px`, alignItems: 'center', ...side, mt: 2 }}>
        <FieldArea area="primaryFields" variant="primary" rowWidth={width} sx={{ flex: 1 }} />
        {thumbnail && <Thumbnail src={thumbnail} />}
      </Box>
      <Row area="secondaryFields" />
      <Row area="auxiliaryFields" />
    </>
  );
};
