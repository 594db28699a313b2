import { defaultJsonTemplate } from '../../domain/template/defaults';
import { imageSizeProblems } from '../../domain/template/limits';
import { plainTextOfLinks } from '../../domain/template/links';
import {
  isSupportedStructure,
  templatePartsOf,
  validateTemplate,
} from '../../domain/template/validateTemplate';
import { parseNumberText } from '../../domain/template/values';

type Json = Record<string, unknown>;
const template = (changes: Json = {}, style: Json = {}) => ({
  ...defaultJsonTemplate(),
  storeCard: style,
  ...changes,
});
const check = (jsonTemplate: unknown, languages = ['en']) => validateTemplate({ jsonTemplate, languages });
const messagesOf = (jsonTemplate: unknown, languages = ['en']) =>
  check(jsonTemplate, languages).errors.map((error) => `${error.path} ${error.message}`);
const field = (key: string, value: unknown = 'v', extra: Json = {}) => ({ key, label: 'L', value, ...extra });
const wrapped = (type: string, value: unknown, fallback?: unknown) =>
  fallback === undefined ? { type, value } : { type, value, fallback };

describe('template validation (spec section 5)', () => {
  it('accepts the default new template', () => {
    expect(check(defaultJsonTemplate()).errors).toEqual([]);
    expect(isSupportedStructure(defaultJsonTemplate())).toBe(true);
  });

  describe('colours', () => {
    it('accepts rgb channels from 0 to 255, with or without a space after commas', () => {
      expect(messagesOf(template({ labelColor: 'rgb(255, 0,0)', backgroundColor: 'rgb(0,0,0)' }))).toEqual(
        [],
      );
    });
    it('refuses a channel above 255', () => {
      expect(messagesOf(template({ backgroundColor: 'rgb(256,0,0)' }))).toEqual([
        '/jsonTemplate/backgroundColor Please enter a correct value',
      ]);
    });
    it('needs a colour placeholder to be the whole value, with an rgb fallback', () => {
      expect(messagesOf(template({ labelColor: wrapped('color', '#{brand}', 'rgb(1,2,3)') }))).toEqual([]);
      expect(messagesOf(template({ labelColor: wrapped('color', 'x#{brand}', 'rgb(1,2,3)') }))).toEqual([
        '/jsonTemplate/labelColor/value A placeholder of this type must be the whole value, like #{name}',
      ]);
      expect(messagesOf(template({ labelColor: wrapped('color', '#{brand}', 'red') }))).toEqual([
        '/jsonTemplate/labelColor/fallback Fallback is not valid color in rgb format',
      ]);
      expect(messagesOf(template({ labelColor: wrapped('color', '#{brand}') }))).toEqual([
        '/jsonTemplate/labelColor/fallback Fallback value cannot be empty',
      ]);
    });
  });

  describe('placeholders and fallbacks', () => {
    it('needs a fallback for a placeholder in a text', () => {
      expect(
        messagesOf(template({}, { primaryFields: [field('a', wrapped('string', 'Hi #{name}'))] })),
      ).toEqual(['/jsonTemplate/storeCard/primaryFields/0/value/fallback Fallback value cannot be empty']);
      expect(
        messagesOf(template({}, { primaryFields: [field('a', wrapped('string', 'Hi #{name}', 'Hi'))] })),
      ).toEqual([]);
    });
    it('refuses a placeholder outside a wrapped value, which has no fallback', () => {
      expect(messagesOf(template({}, { primaryFields: [field('a', 'Hi #{name}')] }))).toEqual([
        '/jsonTemplate/storeCard/primaryFields/0/value Fallback value cannot be empty',
      ]);
    });
    it('lets changeMessage hold a placeholder without a fallback', () => {
      const changeMessage = wrapped('string', 'Now #{points} %@');
      expect(messagesOf(template({}, { primaryFields: [field('a', 'v', { changeMessage })] }))).toEqual([]);
    });
    it('refuses a fallback that holds a placeholder, and a malformed placeholder', () => {
      expect(
        messagesOf(template({}, { primaryFields: [field('a', wrapped('string', '#{a}', '#{b}'))] })),
      ).toEqual(['/jsonTemplate/storeCard/primaryFields/0/value/fallback Fallback is not valid']);
      expect(
        messagesOf(template({}, { primaryFields: [field('a', wrapped('string', '#{a b}', 'x'))] })),
      ).toEqual(['/jsonTemplate/storeCard/primaryFields/0/value/value Placeholder is not valid']);
    });
    it('checks date and number fallbacks by type', () => {
      const date = field('d', wrapped('date', '#{when}', '2026-11-22T10:00:00+01:00'), {
        dateStyle: 'PKDateStyleShort',
        timeStyle: 'PKDateStyleShort',
      });
      expect(messagesOf(template({}, { primaryFields: [date] }))).toEqual([]);
      const badDate = { ...date, value: wrapped('date', '#{when}', '22.11.2026') };
      expect(messagesOf(template({}, { primaryFields: [badDate] }))).toEqual([
        '/jsonTemplate/storeCard/primaryFields/0/value/fallback Fallback is not valid',
      ]);
      const number = field('n', wrapped('number', '#{points}', '12,5'), {
        numberStyle: 'PKNumberStyleDecimal',
      });
      expect(messagesOf(template({}, { primaryFields: [number] }))).toEqual([]);
    });
    it('reads numbers as a person types them', () => {
      expect(parseNumberText('12,5')).toBe(12.5);
      expect(parseNumberText('-3')).toBe(-3);
      expect(parseNumberText('12.')).toBeUndefined();
      expect(parseNumberText('1e5')).toBeUndefined();
    });
  });

  describe('texts and translations', () => {
    it('needs a text per template language', () => {
      expect(messagesOf(template({ description: { en: 'Card', cs: 'Karta' } }), ['en', 'cs'])).toEqual([]);
      expect(messagesOf(template({ description: { en: 'Card' } }), ['en', 'cs'])).toEqual([
        '/jsonTemplate/description/cs Missing translation for Czech',
      ]);
    });
    it('says each problem in Czech too, a structural one included', () => {
      const czech = (jsonTemplate: unknown, languages = ['en']) =>
        check(jsonTemplate, languages).errors.map((error) => `${error.path} ${error.cs}`);
      expect(czech(template({ description: { en: 'Card' } }), ['en', 'de'])).toEqual([
        '/jsonTemplate/description/de Chybí překlad: němčina',
      ]);
      expect(czech(template({ organizationName: ' ' }))).toEqual([
        '/jsonTemplate/organizationName Vyplňte prosím hodnotu',
      ]);
      expect(czech(template({ sharingProhibited: 'yes' }))).toEqual([
        '/jsonTemplate/sharingProhibited musí být typu boolean',
      ]);
    });
    it('refuses an empty required text', () => {
      expect(messagesOf(template({ organizationName: ' ' }))).toEqual([
        '/jsonTemplate/organizationName Please fill value',
      ]);
    });
    it('refuses broken links in front texts and only warns on the back', () => {
      const link = '<a href=example.com>site</a>';
      expect(messagesOf(template({}, { primaryFields: [field('a', link)] }))).toEqual([
        '/jsonTemplate/storeCard/primaryFields/0/value Text contains invalid link.',
      ]);
      const back = check(template({}, { backFields: [field('b', link)] }));
      expect(back.errors).toEqual([]);
      expect(back.warnings).toEqual([
        {
          path: '/jsonTemplate/storeCard/backFields/0/value',
          message: 'contains non valid link',
          cs: 'obsahuje neplatný odkaz',
        },
      ]);
      expect(
        messagesOf(template({}, { backFields: [field('b', '<a href="https://example.com">site</a>')] })),
      ).toEqual([]);
    });
    it('turns an attributed value of plain links into plain text', () => {
      expect(plainTextOfLinks('Web', '<a href="https://example.com">site</a>')).toBe(
        'Web: https://example.com',
      );
      expect(plainTextOfLinks('Web', 'see <a href="https://example.com">site</a>')).toBeUndefined();
    });
  });

  describe('fields', () => {
    const fields = (count: number, prefix = 'f') =>
      Array.from({ length: count }, (_, index) => field(`${prefix}${index}`));
    it('limits fields per area at the spec boundaries', () => {
      expect(messagesOf(template({}, { headerFields: fields(3) }))).toEqual([]);
      expect(messagesOf(template({}, { headerFields: fields(4) }))).toEqual([
        '/jsonTemplate/storeCard/headerFields must NOT have more than 3 items',
      ]);
      expect(messagesOf(template({}, { primaryFields: fields(2) }))).toEqual([
        '/jsonTemplate/storeCard/primaryFields must NOT have more than 1 items',
      ]);
      const boarding = { ...defaultJsonTemplate(), storeCard: undefined };
      delete boarding.storeCard;
      const pass = {
        ...boarding,
        boardingPass: {
          transitType: 'PKTransitTypeAir',
          primaryFields: fields(2, 'p'),
          auxiliaryFields: fields(5, 'a'),
        },
      };
      expect(messagesOf(pass)).toEqual([]);
      expect(
        messagesOf({ ...pass, boardingPass: { ...pass.boardingPass, auxiliaryFields: fields(6, 'a') } }),
      ).toEqual(['/jsonTemplate/boardingPass/auxiliaryFields must NOT have more than 5 items']);
    });
    it('limits secondary plus auxiliary fields on one row to four', () => {
      const keys = (prefix: string, count: number) =>
        Array.from({ length: count }, (_, index) => field(`${prefix}${index}`));
      expect(
        messagesOf(template({}, { secondaryFields: keys('s', 2), auxiliaryFields: keys('a', 2) })),
      ).toEqual([]);
      expect(
        messagesOf(template({}, { secondaryFields: keys('s', 3), auxiliaryFields: keys('a', 2) })),
      ).toEqual([
        '/jsonTemplate/storeCard/auxiliaryFields secondary and auxiliary fields share one row: at most 4 together',
      ]);
    });
    it('needs a transit type on a boarding pass and nowhere else', () => {
      const { storeCard: _storeCard, ...rest } = defaultJsonTemplate();
      expect(messagesOf({ ...rest, boardingPass: {} })).toEqual([
        "/jsonTemplate/boardingPass must have required property 'transitType'",
      ]);
      expect(messagesOf(template({}, { transitType: 'PKTransitTypeAir' }))).toEqual([
        '/jsonTemplate/storeCard/transitType must NOT have additional properties',
      ]);
    });
    it('refuses duplicate field keys', () => {
      expect(messagesOf(template({}, { headerFields: [field('a')], backFields: [field('a')] }))).toEqual([
        '/jsonTemplate/storeCard/backFields/0/key Field key "a" is already used at /storeCard/headerFields/0',
      ]);
    });
    it('requires the properties of each field kind and refuses unknown ones', () => {
      const date = field('d', '2026-01-01T00:00:00Z', { dateStyle: 'PKDateStyleShort' });
      expect(messagesOf(template({}, { primaryFields: [date] }))).toEqual([
        "/jsonTemplate/storeCard/primaryFields/0 must have required property 'timeStyle'",
      ]);
      const currency = field('c', 5, { currencyCode: 'CZK', numberStyle: 'PKNumberStyleDecimal' });
      // A field with both is one property too many for either kind; the message names one of the two.
      expect(messagesOf(template({}, { primaryFields: [currency] }))).toEqual([
        expect.stringMatching(
          /primaryFields\/0\/(numberStyle|currencyCode) must NOT have additional properties$/,
        ),
      ]);
      expect(
        messagesOf(template({}, { primaryFields: [field('c', 5, { currencyCode: 'XXQ' })] }))[0],
      ).toMatch(/currencyCode must be equal to one of the allowed values/);
    });
    it('says what is wrong with each of several fields, each by the kind it is closest to', () => {
      const date = field('d', '2026-01-01T00:00:00Z', { dateStyle: 'PKDateStyleShort' });
      const currency = field('c', 5, { currencyCode: 'XXQ' });
      const style = { primaryFields: [date], backFields: [field('ok'), currency] };
      expect(messagesOf(template({}, style))).toEqual([
        "/jsonTemplate/storeCard/primaryFields/0 must have required property 'timeStyle'",
        expect.stringMatching(
          /^\/jsonTemplate\/storeCard\/backFields\/1\/currencyCode must be equal to one of the allowed values/,
        ),
      ]);
    });
  });

  describe('barcodes, locations, beacons, store ids', () => {
    it('requires messageEncoding, format and message of a barcode', () => {
      expect(messagesOf(template({ barcodes: [{ format: 'PKBarcodeFormatQR', message: 'x' }] }))).toEqual([
        "/jsonTemplate/barcodes/0 must have required property 'messageEncoding'",
      ]);
    });
    it('requires latitude and longitude of a location, and proximityUUID of a beacon', () => {
      expect(messagesOf(template({ locations: [{ latitude: 50.04 }] }))).toEqual([
        "/jsonTemplate/locations/0 must have required property 'longitude'",
      ]);
      expect(messagesOf(template({ beacons: [{ major: 1 }] }))).toEqual([
        "/jsonTemplate/beacons/0 must have required property 'proximityUUID'",
      ]);
    });
    it('takes store identifiers as unique integers', () => {
      expect(messagesOf(template({ associatedStoreIdentifiers: [1, 2] }))).toEqual([]);
      expect(messagesOf(template({ associatedStoreIdentifiers: [1.5] }))).toEqual([
        '/jsonTemplate/associatedStoreIdentifiers/0 must be integer',
      ]);
      expect(messagesOf(template({ associatedStoreIdentifiers: [1, 1] }))[0]).toMatch(/duplicate items/);
    });
  });

  describe('structure', () => {
    it('calls a template with no or two pass styles unsupported', () => {
      const { storeCard: _storeCard, ...none } = defaultJsonTemplate();
      expect(messagesOf(none)).toEqual(['/jsonTemplate Unsupported pass style']);
      expect(isSupportedStructure({ ...defaultJsonTemplate(), coupon: {} })).toBe(false);
      expect(isSupportedStructure({ ...defaultJsonTemplate(), nfc: {} })).toBe(false);
    });
    it('refuses icons per language and unknown languages', () => {
      const result = validateTemplate({
        jsonTemplate: defaultJsonTemplate(),
        languages: ['en', 'qq'],
        images: { icon: { en: '7f1c6a4e-3a43-4c7e-9a55-1c9a2b1e0d11' } },
      });
      expect(result.errors.map((error) => `${error.path} ${error.message}`)).toEqual([
        '/languages/1 must be equal to one of the allowed values',
        '/images/icon Icon images cannot be translated',
      ]);
    });
    it("reads the parts of a saved row or the form's values alike", () => {
      const jsonTemplate = defaultJsonTemplate();
      expect(
        templatePartsOf({
          name: 'T',
          jsonTemplate,
          languages: ['en'],
          images: null,
          dynamicDataJsonSchema: {},
        }),
      ).toEqual({ jsonTemplate, languages: ['en'], dynamicDataJsonSchema: {}, images: undefined });
      expect(templatePartsOf({ jsonTemplate }).languages).toEqual([]);
    });
  });
});

describe('image sizes per type', () => {
  const english = (...size: Parameters<typeof imageSizeProblems>) =>
    imageSizeProblems(...size).map((problem) => problem.en);

  it('checks each rule at its boundary, stating expected and current values', () => {
    expect(english('icon', 58, 58)).toEqual([]);
    expect(english('icon', 58, 57)).toEqual(['Height must be exactly 58 px, current value is 57 px.']);
    expect(english('logo', 320, 100)).toEqual([]);
    expect(english('logo', 321, 100)).toEqual(['Width must be at most 320 px, current value is 321 px.']);
    expect(english('strip', 640, 168)).toEqual([]);
    expect(english('strip', 640, 247)).toEqual([
      'Height must be from 168 to 246 px, current value is 247 px.',
    ]);
    expect(english('thumbnail', 120, 180)).toEqual([]);
    expect(english('thumbnail', 180, 119)).toEqual([
      'Shorter side must be from 120 to 180 px, current value is 119 px.',
    ]);
    expect(english('footer', 572, 30)).toEqual([]);
    expect(english('background', 361, 440)).toEqual([
      'Width must be at most 360 px, current value is 361 px.',
    ]);
  });

  it('says each problem in Czech too', () => {
    expect(imageSizeProblems('icon', 58, 57)[0].cs).toBe('Výška musí být přesně 58 px, nyní je 57 px.');
    expect(imageSizeProblems('thumbnail', 180, 119)[0].cs).toBe(
      'Kratší strana musí být od 120 do 180 px, nyní je 119 px.',
    );
  });
});
