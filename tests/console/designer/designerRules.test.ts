import type {
  BarcodeT,
  FieldT,
  JsonTemplateT,
  StyleBodyT,
} from '../../../domain/template/jsonTemplateSchema';
import {
  addField,
  addStoreIdentifier,
  attributedAsPlainText,
  canMoveField,
  changeBarcode,
  changeFallbackFormat,
  changeFieldType,
  changePassStyle,
  moveField,
  newFieldKey,
  removeBarcode,
  removeField,
  roomIn,
} from '../../../src/designer/designerRules';

const base: JsonTemplateT = {
  description: 'Description',
  organizationName: 'Acme',
  storeCard: {},
};
const field = (key: string, extra: Partial<FieldT> = {}): FieldT =>
  ({ key, label: key, value: 'v', ...extra }) as FieldT;
const fields = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => field(`${prefix}${index}`));

describe('pass style change', () => {
  it('moves the body to the new style', () => {
    const primaryFields = [field('points')];
    const result = changePassStyle({ ...base, storeCard: { primaryFields } }, 'coupon');
    expect(result.storeCard).toBeUndefined();
    expect(result.coupon).toEqual({ primaryFields });
  });

  it('gives a boarding pass the generic transit type', () => {
    expect(changePassStyle(base, 'boardingPass').boardingPass).toEqual({
      transitType: 'PKTransitTypeGeneric',
    });
  });

  it('removes the transit type when leaving a boarding pass', () => {
    const boarding = { ...changePassStyle(base, 'boardingPass') };
    boarding.boardingPass = { transitType: 'PKTransitTypeAir', headerFields: [field('gate')] };
    expect(changePassStyle(boarding, 'eventTicket').eventTicket).toEqual({ headerFields: [field('gate')] });
  });

  it('keeps a boarding pass transit type it already has', () => {
    const template: JsonTemplateT = {
      ...base,
      storeCard: undefined,
      boardingPass: { transitType: 'PKTransitTypeAir' },
    };
    expect(changePassStyle(template, 'boardingPass')).toBe(template);
  });
});

describe('barcodes', () => {
  const qr: BarcodeT = {
    format: 'PKBarcodeFormatQR',
    message: 'M',
    messageEncoding: 'UTF-8',
    altText: 'alt',
  };

  it('adds a QR fallback barcode with the same message for Code 128', () => {
    const result = changeBarcode([qr], { format: 'PKBarcodeFormatCode128' });
    expect(result).toEqual([
      { ...qr, format: 'PKBarcodeFormatCode128' },
      { ...qr, format: 'PKBarcodeFormatQR' },
    ]);
  });

  it('removes the fallback when another format is chosen', () => {
    const code128 = changeBarcode([qr], { format: 'PKBarcodeFormatCode128' });
    expect(changeBarcode(code128, { format: 'PKBarcodeFormatAztec' })).toEqual([
      { ...qr, format: 'PKBarcodeFormatAztec' },
    ]);
  });

  it('keeps the fallback in step with the message and its chosen format', () => {
    const code128 = changeFallbackFormat(
      changeBarcode([qr], { format: 'PKBarcodeFormatCode128' }),
      'PKBarcodeFormatPDF417',
    );
    const result = changeBarcode(code128, { message: 'N' });
    expect(result[1]).toEqual({ ...qr, message: 'N', format: 'PKBarcodeFormatPDF417' });
  });

  it('starts a new barcode in UTF-8', () => {
    expect(changeBarcode(undefined, {})[0]).toEqual({
      format: 'PKBarcodeFormatQR',
      message: '',
      messageEncoding: 'UTF-8',
    });
  });

  it('removes all barcode data', () => {
    expect(removeBarcode({ ...base, barcodes: [qr] })).toEqual(base);
  });
});

describe('field type change', () => {
  it('gives a number the decimal style', () => {
    expect(changeFieldType(field('k'), 'number')).toEqual({
      ...field('k'),
      numberStyle: 'PKNumberStyleDecimal',
    });
  });

  it('gives a currency CZK', () => {
    expect(changeFieldType(field('k'), 'currency')).toEqual({ ...field('k'), currencyCode: 'CZK' });
  });

  it('gives a date short styles that ignore the time zone', () => {
    expect(changeFieldType(field('k'), 'date')).toEqual({
      ...field('k'),
      ignoresTimeZone: true,
      dateStyle: 'PKDateStyleShort',
      timeStyle: 'PKDateStyleShort',
    });
  });

  it('back to text leaves none of the other kinds', () => {
    const date = changeFieldType(field('k'), 'date');
    expect(changeFieldType(date, 'text')).toEqual(field('k'));
  });

  it('takes the attributed value from a field that stops being text', () => {
    const back = field('k', { attributedValue: '<a href="https://acme.example">Web</a>' } as Partial<FieldT>);
    expect(changeFieldType(back, 'number')).not.toHaveProperty('attributedValue');
  });

  it('turns a placeholder value to the new type', () => {
    const wrapped = field('k', { value: { type: 'string', value: '#{points}', fallback: '0' } });
    expect(changeFieldType(wrapped, 'number').value).toEqual({
      type: 'number',
      value: '#{points}',
      fallback: '0',
    });
  });
});

describe('attributed value as plain text', () => {
  it("makes plain links 'label: url'", () => {
    expect(
      attributedAsPlainText('<a href="https://acme.example">Web</a>, <a href=\'tel:123\'>Call</a>'),
    ).toBe('Web: https://acme.example, Call: tel:123');
  });

  it('leaves other markup as an attributed value', () => {
    expect(attributedAsPlainText('<b>bold</b> <a href="https://acme.example">Web</a>')).toBeUndefined();
  });
});

describe('max fields per area', () => {
  it('knows the room of each area', () => {
    const body: StyleBodyT = { headerFields: fields('h', 2), secondaryFields: fields('s', 3) };
    expect(roomIn('storeCard', body, 'headerFields')).toBe(1);
    expect(roomIn('storeCard', body, 'primaryFields')).toBe(1);
    expect(roomIn('boardingPass', body, 'primaryFields')).toBe(2);
    // store cards share one row of four between secondary and auxiliary fields
    expect(roomIn('storeCard', body, 'auxiliaryFields')).toBe(1);
    expect(roomIn('generic', body, 'auxiliaryFields')).toBe(4);
    expect(roomIn('boardingPass', {}, 'auxiliaryFields')).toBe(5);
  });

  it('refuses a field in a full area', () => {
    const body: StyleBodyT = { headerFields: fields('h', 3), primaryFields: [field('p')] };
    expect(addField('generic', body, 'headerFields')).toBeUndefined();
    expect(canMoveField('generic', body, { area: 'primaryFields', index: 0 }, 'headerFields')).toBe(false);
    expect(canMoveField('generic', body, { area: 'headerFields', index: 0 }, 'secondaryFields')).toBe(true);
  });

  it('moves along the shared row of a full store card', () => {
    const body: StyleBodyT = {
      secondaryFields: fields('s', 3),
      auxiliaryFields: [field('a')],
      headerFields: [field('h')],
    };
    expect(canMoveField('storeCard', body, { area: 'secondaryFields', index: 0 }, 'auxiliaryFields')).toBe(
      true,
    );
    expect(canMoveField('storeCard', body, { area: 'headerFields', index: 0 }, 'auxiliaryFields')).toBe(
      false,
    );
  });

  it('never moves between front and back', () => {
    const body: StyleBodyT = { backFields: [field('b')] };
    expect(canMoveField('generic', body, { area: 'backFields', index: 0 }, 'headerFields')).toBe(false);
  });

  it('moves a field and drops the emptied area', () => {
    const body: StyleBodyT = { headerFields: [field('h')], secondaryFields: [field('s')] };
    expect(
      moveField(body, { area: 'headerFields', index: 0 }, { area: 'secondaryFields', index: 0 }),
    ).toEqual({
      secondaryFields: [field('h'), field('s')],
    });
  });

  it('reorders within an area', () => {
    const body: StyleBodyT = { backFields: fields('b', 3) };
    const moved = moveField(body, { area: 'backFields', index: 0 }, { area: 'backFields', index: 3 });
    expect(moved.backFields?.map((each) => each.key)).toEqual(['b1', 'b2', 'b0']);
  });

  it('adds a field with a key no other field has, and removes it', () => {
    const body: StyleBodyT = { headerFields: [field('header1')] };
    expect(newFieldKey(body, 'headerFields')).toBe('header2');
    const added = addField('storeCard', body, 'headerFields');
    expect(added?.headerFields?.[1]).toEqual({ key: 'header2', label: 'Label', value: 'Value' });
    expect(removeField(added ?? {}, { area: 'headerFields', index: 0 })).toEqual({
      headerFields: [added?.headerFields?.[1]],
    });
  });
});

describe('associated store apps', () => {
  it('adds an app id once', () => {
    expect(addStoreIdentifier([1], 2)).toEqual([1, 2]);
    expect(() => addStoreIdentifier([1, 2], 2)).toThrow('already contains app with ID 2');
  });
});
