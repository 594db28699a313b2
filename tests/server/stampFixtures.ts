import { defaultJsonTemplate } from '../../domain/template/defaults';

// Stamp card fixtures for the server and e2e tests: no import of the test server here, so e2e tests can use them.

/** The count a stamp card keeps, shown on the pass with a change message. */
export const STAMP_COUNT_FIELD = {
  key: 'stamps',
  label: 'Stamps',
  value: { type: 'string', value: '#{stamps}', fallback: '0' },
  changeMessage: 'You have %@ stamps',
};

/** A loyalty card: the holder's name and card number, the count (STAMP_COUNT_FIELD), a barcode of the number. */
export const loyaltyCardTemplate = (projectId: string, name: string) => ({
  name,
  projectId,
  languages: ['en'],
  jsonTemplate: {
    ...defaultJsonTemplate(),
    storeCard: {
      primaryFields: [
        { key: 'name', label: 'Name', value: { type: 'string', value: '#{name}', fallback: 'Guest' } },
      ],
      secondaryFields: [STAMP_COUNT_FIELD],
    },
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: { type: 'string', value: 'CARD-#{cardNumber}', fallback: 'CARD' },
        messageEncoding: 'iso-8859-1',
      },
    ],
  },
  dynamicDataJsonSchema: {
    type: 'object',
    properties: { name: { type: 'string' }, cardNumber: { type: 'string' }, stamps: { type: 'integer' } },
  },
});
