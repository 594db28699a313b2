import type { JsonTemplateT } from '../../../domain/template/jsonTemplateSchema';

/** A poster event ticket that uses every key of iOS 18–27 the designer edits. */
export const posterEventTicket = (): JsonTemplateT => ({
  description: 'Concert ticket',
  organizationName: 'Acme Events',
  backgroundColor: 'rgb(20,20,40)',
  foregroundColor: 'rgb(255,255,255)',
  labelColor: 'rgb(200,200,255)',
  eventTicket: {
    primaryFields: [{ key: 'event', label: 'Event', value: 'Summer Night' }],
    additionalInfoFields: [{ key: 'info1', label: 'Doors', value: '18:00' }],
  },
  preferredStyleSchemes: ['posterEventTicket', 'eventTicket'],
  semantics: {
    eventName: 'Summer Night',
    eventType: 'PKEventTypeLivePerformance',
    eventStartDate: '2026-07-01T19:30:00+02:00',
    eventStartDateInfo: { date: '2026-07-01T19:30:00+02:00', timeZone: 'Europe/Prague' },
    venueName: 'O2 Arena',
    venueRegionName: 'Prague',
    venueRoom: 'Main hall',
    venueLocation: { latitude: 50.1047, longitude: 14.4931 },
    performerNames: ['The Band'],
    attendeeName: { type: 'string', value: '#{holderName}', fallback: 'Guest' },
    admissionLevel: 'VIP',
    seats: [{ seatSection: 'A', seatRow: '4', seatNumber: '12', seatType: 'Seat' }],
  },
  bagPolicyURL: 'https://events.example/bags',
  contactVenueEmail: 'venue@events.example',
  suppressHeaderDarkening: true,
  footerBackgroundColor: 'rgb(120,0,40)',
  useAutomaticColors: true,
  eventLogoText: 'Acme Live',
  featuredActions: [{ identifier: 'schedule', type: 'viewSchedule', url: 'https://events.example/schedule' }],
  upcomingPassInformation: [
    {
      identifier: 'day2',
      type: 'event',
      name: 'Summer Night, day 2',
      dateInformation: { date: '2026-07-02T19:30:00+02:00', timeZone: 'Europe/Prague' },
      semantics: { venueName: 'O2 Arena' },
      URLs: { parkingInformationURL: 'https://events.example/parking' },
      images: { headerImage: { reuseExisting: true } },
      backFields: [{ key: 'back1', label: 'Note', value: 'Bring the ticket' }],
    },
  ],
  relevantDates: [
    { startDate: '2026-07-01T17:00:00+02:00', endDate: '2026-07-01T23:00:00+02:00' },
    { date: '2026-07-02T17:00:00+02:00' },
  ],
  nfc: { message: 'ACME-NFC', encryptionPublicKey: 'MDkwEwYHKoZIzj0CAQ==', requiresAuthentication: true },
  barcodes: [
    { format: 'PKBarcodeFormatEAN13', message: '4006381333931', messageEncoding: 'UTF-8' },
    { format: 'PKBarcodeFormatCode128', message: '4006381333931', messageEncoding: 'UTF-8' },
  ],
});
