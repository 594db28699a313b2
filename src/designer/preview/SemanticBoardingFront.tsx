import FlightIcon from '@mui/icons-material/Flight';
import Box from '@mui/material/Box';
import { useDesigner } from '../DesignerContext';
import { useIosTranslate } from '../useIosTranslate';
import { BarcodeBox } from './BarcodeBox';
import { CARD_PADDING } from './cardSizes';
import { displayText } from './displayValue';
import { usePreview } from './PreviewContext';
import { personName, semanticDate } from './semanticDisplay';
import { TopRow } from './TopRow';

const side = { px: `${CARD_PADDING}px` };

/** A caption above a value, as the semantic boarding pass lines them up. */
const Fact = ({
  caption,
  value,
  align = 'left',
}: {
  caption: string;
  value: string;
  align?: 'left' | 'right';
}) => {
  const { labelColor } = usePreview();
  return (
    <Box sx={{ textAlign: align, minWidth: 0 }}>
      <Box sx={{ fontSize: 10, fontWeight: 600, textTransform: 'uppercase', color: labelColor }}>
        {caption}
      </Box>
      <Box sx={{ fontSize: 14, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {value || '—'}
      </Box>
    </Box>
  );
};

/**
 * An approximation of iOS 26's semantic boarding pass, drawn from the semantics: the flight, the airport codes
 * large with their cities, departure and arrival times as written in their zones, the passenger, gate and group.
 */
export const SemanticBoardingFront = () => {
  const translate = useIosTranslate();
  const { jsonTemplate } = useDesigner();
  const { language, sampleData, foregroundColor } = usePreview();
  const semantics = (jsonTemplate.semantics ?? {}) as Record<string, unknown>;
  const text = (tag: string) => displayText(semantics[tag], language, sampleData);
  const time = (tag: string) => semanticDate(semantics[tag], language, sampleData, 'PKDateStyleNone');
  const flight = `${text('airlineCode')} ${text('flightNumber')}`.trim();
  const passenger = personName(jsonTemplate.semantics?.passengerName, language, sampleData);
  return (
    <Box data-testid="semantic-boarding-pass" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
      <TopRow />
      <Box sx={{ ...side, fontSize: 13, fontWeight: 600, mt: 0.5 }}>{flight}</Box>
      <Box sx={{ ...side, display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
        <Box>
          <Box sx={{ fontSize: 40, fontWeight: 300, lineHeight: 1 }}>
            {text('departureAirportCode') || '—'}
          </Box>
          <Box sx={{ fontSize: 12 }}>{text('departureCityName')}</Box>
        </Box>
        <FlightIcon sx={{ transform: 'rotate(90deg)', color: foregroundColor }} />
        <Box sx={{ textAlign: 'right' }}>
          <Box sx={{ fontSize: 40, fontWeight: 300, lineHeight: 1 }}>
            {text('destinationAirportCode') || '—'}
          </Box>
          <Box sx={{ fontSize: 12 }}>{text('destinationCityName')}</Box>
        </Box>
      </Box>
      <Box sx={{ ...side, display: 'flex', justifyContent: 'space-between', gap: 1, mt: 1.5 }}>
        <Fact caption={translate('preview.boarding')} value={time('originalBoardingDate')} />
        <Fact caption={translate('preview.departs')} value={time('originalDepartureDate')} />
        <Fact caption={translate('preview.arrives')} value={time('originalArrivalDate')} align="right" />
      </Box>
      <Box sx={{ ...side, display: 'flex', justifyContent: 'space-between', gap: 1, mt: 1.5 }}>
        <Fact caption={translate('preview.passenger')} value={passenger} />
        <Fact caption={translate('preview.gate')} value={text('departureGate')} />
        <Fact caption={translate('preview.group')} value={text('boardingGroup')} align="right" />
      </Box>
      <Box sx={{ mt: 'auto', pt: 1 }}>
        {jsonTemplate.barcodes?.length ? <BarcodeBox /> : <Box sx={{ height: 12 }} />}
      </Box>
    </Box>
  );
};
