import type { FieldT } from '../../../domain/template/jsonTemplateSchema';
import {
  displayColor,
  displayFieldValue,
  displayText,
  fillPlaceholders,
  localisedText,
} from '../../../src/designer/preview/displayValue';
import { estimatedTextWidth, fontScale } from '../../../src/designer/preview/fontScale';
import { linkParts } from '../../../src/designer/preview/linkParts';
import { previewImageUrl } from '../../../src/designer/preview/previewImages';

const sample = { customer: { name: 'Jane Doe' }, points: 1250, tier: 'Gold', brand: 'rgb(0, 80, 160)' };

describe('localised texts in the preview language', () => {
  it("shows the language's own text", () => {
    expect(localisedText({ en: 'Seat', cs: 'Sedadlo' }, 'cs')).toBe('Sedadlo');
  });

  it('falls back to English, then to the first language', () => {
    expect(localisedText({ cs: 'Sedadlo', en: 'Seat' }, 'de')).toBe('Seat');
    expect(localisedText({ cs: 'Sedadlo', sk: 'Sedadlo SK' }, 'de')).toBe('Sedadlo');
  });

  it('shows a plain text and a number as they are', () => {
    expect(localisedText('Seat', 'cs')).toBe('Seat');
    expect(localisedText(12, 'cs')).toBe('12');
  });
});

describe('placeholders', () => {
  it('fill from the sample data, nested names too', () => {
    expect(fillPlaceholders('Hello #{customer.name}, #{points} points', sample)).toBe(
      'Hello Jane Doe, 1250 points',
    );
  });

  it('are not filled when a sample is missing', () => {
    expect(fillPlaceholders('Hello #{nickname}', sample)).toBeUndefined();
  });

  it('a wrapped value shows the sample, else its fallback in the preview language', () => {
    const wrapped = {
      type: 'string' as const,
      value: '#{customer.name}',
      fallback: { en: 'Guest', cs: 'Host' },
    };
    expect(displayText(wrapped, 'cs', sample)).toBe('Jane Doe');
    expect(displayText(wrapped, 'cs', {})).toBe('Host');
    expect(displayText(wrapped, 'de', {})).toBe('Guest');
  });

  it('a wrapped value without a fallback keeps its placeholder visible', () => {
    expect(displayText({ type: 'string', value: 'Hi #{nickname}' }, 'en', {})).toBe('Hi #{nickname}');
  });

  it('a plain text fills what the sample has and keeps the rest', () => {
    expect(displayText('#{tier} member #{nickname}', 'en', sample)).toBe('Gold member #{nickname}');
  });

  it('a localised text with placeholders uses the language, then fills', () => {
    expect(displayText({ en: 'Tier #{tier}', cs: 'Úroveň #{tier}' }, 'cs', sample)).toBe('Úroveň Gold');
  });

  it('nothing shows for a missing value', () => {
    expect(displayText(undefined, 'en', sample)).toBe('');
  });
});

describe('field values formatted by kind', () => {
  it('date fields by date and time style; ignoring the time zone shows the time as written', () => {
    const field: FieldT = {
      key: 'when',
      value: '2026-05-01T18:30:00+02:00',
      dateStyle: 'PKDateStyleMedium',
      timeStyle: 'PKDateStyleShort',
      ignoresTimeZone: true,
    };
    expect(displayFieldValue(field, 'en', {})).toMatch(/^May 1, 2026, 6:30\sPM$/);
  });

  it('a date style of none shows the time only, and the other way round', () => {
    const base = { key: 'when', value: '2026-05-01T18:30:00Z', ignoresTimeZone: true };
    const timeOnly: FieldT = { ...base, dateStyle: 'PKDateStyleNone', timeStyle: 'PKDateStyleShort' };
    const dateOnly: FieldT = { ...base, dateStyle: 'PKDateStyleLong', timeStyle: 'PKDateStyleNone' };
    expect(displayFieldValue(timeOnly, 'en', {})).toMatch(/^6:30\sPM$/);
    expect(displayFieldValue(dateOnly, 'en', {})).toBe('May 1, 2026');
  });

  it('a date placeholder takes the sample, else its fallback; a text that is no date shows as it is', () => {
    const field: FieldT = {
      key: 'when',
      value: { type: 'date', value: '#{eventDate}', fallback: '2026-12-24T00:00:00Z' },
      dateStyle: 'PKDateStyleLong',
      timeStyle: 'PKDateStyleNone',
      ignoresTimeZone: true,
    };
    expect(displayFieldValue(field, 'en', { eventDate: '2026-06-15' })).toBe('June 15, 2026');
    expect(displayFieldValue(field, 'en', {})).toBe('December 24, 2026');
    expect(displayFieldValue({ ...field, value: 'soon' }, 'en', {})).toBe('soon');
  });

  it('number fields by number style', () => {
    const number = (
      numberStyle: 'PKNumberStyleDecimal' | 'PKNumberStylePercent' | 'PKNumberStyleScientific',
    ) => ({ key: 'n', value: '0.25', numberStyle }) as FieldT;
    expect(displayFieldValue(number('PKNumberStyleDecimal'), 'en', {})).toBe('0.25');
    expect(displayFieldValue(number('PKNumberStylePercent'), 'en', {})).toBe('25%');
    expect(
      displayFieldValue({ key: 'n', value: 12345, numberStyle: 'PKNumberStyleScientific' }, 'en', {}),
    ).toBe('1.2345E4');
    expect(displayFieldValue({ key: 'n', value: 1250, numberStyle: 'PKNumberStyleSpellOut' }, 'en', {})).toBe(
      '1,250',
    );
  });

  it('a number placeholder takes the sample; a comma reads as a decimal point', () => {
    const field: FieldT = {
      key: 'points',
      value: { type: 'number', value: '#{points}', fallback: 0 },
      numberStyle: 'PKNumberStyleDecimal',
    };
    expect(displayFieldValue(field, 'en', sample)).toBe('1,250');
    expect(displayFieldValue({ ...field, value: '2,5' }, 'en', {})).toBe('2.5');
  });

  it('currency fields with their currency, in the preview language', () => {
    expect(displayFieldValue({ key: 'total', value: 1234.5, currencyCode: 'EUR' }, 'en', {})).toBe(
      '€1,234.50',
    );
    expect(displayFieldValue({ key: 'total', value: '150', currencyCode: 'CZK' }, 'cs', {})).toBe(
      new Intl.NumberFormat('cs', { style: 'currency', currency: 'CZK' }).format(150),
    );
  });

  it('text fields show their text', () => {
    expect(displayFieldValue({ key: 'name', value: { en: 'Name', cs: 'Jméno' } }, 'cs', {})).toBe('Jméno');
  });
});

describe('colours', () => {
  it('a literal rgb colour is used as it is', () => {
    expect(displayColor('rgb(10,20,30)', {}, 'rgb(0,0,0)')).toBe('rgb(10,20,30)');
  });

  it('a colour placeholder takes the sample, else the fallback', () => {
    const wrapped = { type: 'color' as const, value: '#{brand}', fallback: 'rgb(200,0,0)' };
    expect(displayColor(wrapped, sample, 'rgb(0,0,0)')).toBe('rgb(0, 80, 160)');
    expect(displayColor(wrapped, {}, 'rgb(0,0,0)')).toBe('rgb(200,0,0)');
    expect(displayColor(wrapped, { brand: 'blue' }, 'rgb(0,0,0)')).toBe('rgb(200,0,0)');
  });

  it('a missing or invalid colour gives the default', () => {
    expect(displayColor(undefined, {}, 'rgb(1,2,3)')).toBe('rgb(1,2,3)');
    expect(displayColor('rgb(300,0,0)', {}, 'rgb(1,2,3)')).toBe('rgb(1,2,3)');
    expect(displayColor({ type: 'color', value: '#{brand}' }, {}, 'rgb(1,2,3)')).toBe('rgb(1,2,3)');
  });
});

describe('field font scale', () => {
  it('grows a short value up to 125 % and shrinks a long one down to 75 %', () => {
    expect(fontScale('Gold', 16, 280)).toBe(1.25);
    expect(fontScale('A very long customer name indeed', 16, 140)).toBe(0.75);
  });

  it('fits a value between the limits exactly to its slot', () => {
    const width = estimatedTextWidth('Jane Doe', 16);
    expect(fontScale('Jane Doe', 16, width * 0.9)).toBeCloseTo(0.9);
  });
});

describe('links of an attributed value', () => {
  it('splits well-formed anchors from plain text', () => {
    expect(
      linkParts('Call <a href="tel:+420123456">us</a> or see <a href=\'https://acme.example\'>web</a>.'),
    ).toEqual([
      { text: 'Call ' },
      { text: 'us', href: 'tel:+420123456' },
      { text: ' or see ' },
      { text: 'web', href: 'https://acme.example' },
      { text: '.' },
    ]);
  });

  it('keeps other markup and unsafe addresses as visible text', () => {
    const text = '<b>Bold</b> <a href="javascript:alert(1)">x</a>';
    expect(linkParts(text)).toEqual([{ text }]);
  });
});

describe('template images', () => {
  const LOGO = '11111111-1111-4111-8111-111111111111';
  const LOGO_CS = '22222222-2222-4222-8222-222222222222';

  it('a single image, or the language’s own, else English, else the first', () => {
    expect(previewImageUrl({ logo: LOGO }, 'logo', 'cs', '/p')).toBe(`/p/image/${LOGO}`);
    expect(previewImageUrl({ logo: { en: LOGO, cs: LOGO_CS } }, 'logo', 'cs', '/p')).toBe(
      `/p/image/${LOGO_CS}`,
    );
    expect(previewImageUrl({ logo: { cs: LOGO_CS, en: LOGO } }, 'logo', 'de', '/p')).toBe(`/p/image/${LOGO}`);
    expect(previewImageUrl({ logo: { cs: LOGO_CS } }, 'logo', 'de', '/p')).toBe(`/p/image/${LOGO_CS}`);
    expect(previewImageUrl({}, 'strip', 'en', '/p')).toBeUndefined();
  });
});
