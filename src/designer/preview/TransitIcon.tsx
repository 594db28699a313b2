import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DirectionsBoatIcon from '@mui/icons-material/DirectionsBoat';
import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import FlightIcon from '@mui/icons-material/Flight';
import TrainIcon from '@mui/icons-material/Train';
import type { SvgIconComponent } from '@mui/icons-material';
import { useTranslate } from 'react-admin';
import type { StyleBodyT } from '../../../domain/template/jsonTemplateSchema';
import { DEFAULT_TRANSIT_TYPE } from '../../../domain/template/defaults';

type TransitType = NonNullable<StyleBodyT['transitType']>;

const ICONS: Record<TransitType, SvgIconComponent> = {
  PKTransitTypeAir: FlightIcon,
  PKTransitTypeBoat: DirectionsBoatIcon,
  PKTransitTypeBus: DirectionsBusIcon,
  PKTransitTypeGeneric: ArrowForwardIcon,
  PKTransitTypeTrain: TrainIcon,
};

/** The icon Wallet draws between a boarding pass's origin and destination, by transit type. */
export const TransitIcon = ({ transitType, color }: { transitType?: TransitType; color: string }) => {
  const translate = useTranslate();
  const type = transitType ?? DEFAULT_TRANSIT_TYPE;
  const Icon = ICONS[type];
  return (
    <Icon
      titleAccess={translate(`app.designer.preview.transit.${type}`)}
      sx={{
        color,
        fontSize: 28,
        flex: '0 0 auto',
        transform: type === 'PKTransitTypeAir' ? 'rotate(90deg)' : 'none',
      }}
    />
  );
};
