import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { JsonTemplateT } from '../../../domain/template/jsonTemplateSchema';
import { PassPreview } from '../../../src/designer/preview/PassPreview';
import { PreviewToolbar, type PreviewSettings } from '../../../src/designer/PreviewToolbar';
import { aTemplate, renderDesigner } from './renderDesigner';
import { posterEventTicket } from './iosTemplate';

/** The preview under its toolbar, as the designer lays them out. */
const Preview = () => {
  const [settings, setSettings] = useState<PreviewSettings>({
    side: 'front',
    language: 'en',
    withSampleData: true,
    classicView: false,
  });
  return (
    <>
      <PreviewToolbar
        settings={settings}
        onChange={setSettings}
        frontHasErrors={false}
        backHasErrors={false}
      />
      <PassPreview side={settings.side} language="en" sampleData={{}} classicView={settings.classicView} />
    </>
  );
};

const render = (jsonTemplate: JsonTemplateT) => renderDesigner(<Preview />, aTemplate(jsonTemplate));

describe('preview of the iOS 18–27 layouts', () => {
  it('draws a poster event ticket from its semantics, and the classic ticket in the iOS 17 view', async () => {
    render(posterEventTicket());
    const poster = screen.getByTestId('poster-event-ticket');
    expect(poster).toHaveTextContent('Summer Night');
    expect(poster).toHaveTextContent('O2 Arena · Main hall');
    expect(poster).toHaveTextContent('Jul 1, 2026, 7:30 PM');
    expect(poster).toHaveTextContent('Acme Live');
    expect(screen.getByRole('img', { name: 'EAN-13 barcode' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'iOS 17 view' }));
    expect(screen.queryByTestId('poster-event-ticket')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Primary fields' })).toHaveTextContent('Summer Night');
  });

  it('draws a semantic boarding pass: airport codes, cities, times as written, passenger', () => {
    render({
      description: 'Flight',
      organizationName: 'Acme Air',
      boardingPass: { transitType: 'PKTransitTypeAir' },
      preferredStyleSchemes: ['semanticBoardingPass', 'boardingPass'],
      semantics: {
        airlineCode: 'AC',
        flightNumber: 123,
        departureAirportCode: 'PRG',
        departureCityName: 'Prague',
        destinationAirportCode: 'LHR',
        destinationCityName: 'London',
        originalDepartureDate: '2026-07-01T09:15:00+02:00',
        originalArrivalDate: '2026-07-01T10:40:00+01:00',
        passengerName: { givenName: 'Jane', familyName: 'Doe' },
      },
    });
    const pass = screen.getByTestId('semantic-boarding-pass');
    for (const text of ['AC 123', 'PRG', 'Prague', 'LHR', 'London', '9:15 AM', '10:40 AM', 'Jane Doe'])
      expect(pass).toHaveTextContent(text);
  });

  it('draws a poster generic pass from its own body, not the classic one', () => {
    render({
      description: 'Membership',
      organizationName: 'Acme',
      generic: { primaryFields: [{ key: 'name', label: 'Name', value: 'Classic' }] },
      posterGeneric: {
        primaryFields: [
          { key: 'p1', label: 'Member', value: 'Jane' },
          { key: 'p2', label: 'Level', value: 'Gold' },
        ],
        footerFields: [{ key: 'f1', label: 'Since', value: '2020' }],
      },
    });
    const poster = screen.getByTestId('poster-generic');
    for (const text of ['Jane', 'Gold', '2020']) expect(poster).toHaveTextContent(text);
    expect(poster).not.toHaveTextContent('Classic');
  });

  it('has no iOS 17 view for a classic style', () => {
    render({ description: 'Card', organizationName: 'Acme', storeCard: {} });
    expect(screen.queryByRole('switch', { name: 'iOS 17 view' })).not.toBeInTheDocument();
  });
});
