import type { RJSFSchema } from '@rjsf/utils';
import { parseJsonText } from '../../src/common/jsonText';
import { passListFilter } from '../../src/dataProviders/passListFilter';
import {
  dynamicDataProblems,
  formCanShow,
  sameDynamicData,
  schemaProblem,
} from '../../src/resources/passes/dynamicData';
import { schemaFormValidator } from '../../src/common/schemaFormValidator';
import { passExportFileName, passExportRows } from '../../src/resources/passes/passExport';
import { passLinks, saveToGooglePayLink, shortJson } from '../../src/resources/passes/passLinks';
import { distributionLinks } from '../../src/common/distributionLinks';
import { areaOfPath } from '../../src/common/templateAreas';
import {
  cleanJsonTemplate,
  duplicateOf,
  templateForSave,
} from '../../src/resources/templates/templateValues';
import { languageChoices } from '../../src/common/languageChoices';
import { aPass, aTemplate } from './passFixtures';

describe('template values', () => {
  it('drops emptied relevance inputs and empty lists before saving', () => {
    expect(
      cleanJsonTemplate({
        storeCard: {},
        maxDistance: null,
        relevantDate: '',
        locations: [{ latitude: 1, longitude: 2, altitude: null, relevantText: '' }],
        beacons: [],
      }),
    ).toEqual({ storeCard: {}, locations: [{ latitude: 1, longitude: 2 }] });
  });

  it('marks the tab of a problem by its path', () => {
    expect(areaOfPath('/languages/0')).toBe('general');
    expect(areaOfPath('/jsonTemplate/locations/0/latitude')).toBe('relevance');
    expect(areaOfPath('/jsonTemplate/relevantDate')).toBe('relevance');
    expect(areaOfPath('/jsonTemplate/storeCard/primaryFields/0/value')).toBe('designer');
    expect(areaOfPath('/jsonTemplate/locationsX')).toBe('designer');
  });

  it("saves the dynamic data schema the form edits, without the server's other name of it (jsonSchema)", () => {
    const edited = { ...aTemplate(), dynamicDataJsonSchema: { type: 'object' } };
    const saved = templateForSave(edited);
    expect(saved).not.toHaveProperty('jsonSchema');
    expect(saved.dynamicDataJsonSchema).toEqual({ type: 'object' });
  });

  it('duplicates without id, timestamps, validity and the Google Pay template', () => {
    const copy = duplicateOf(aTemplate({ saveToGooglePayObjectTemplate: { a: 1 } }));
    expect(copy.name).toBe('Coffee card - copy');
    expect(Object.keys(copy).sort()).toEqual(
      [
        'certificateId',
        'distributable',
        'dynamicDataJsonSchema',
        'images',
        'jsonTemplate',
        'languages',
        'name',
        'projectId',
        'trackLinks',
        'translations',
      ].sort(),
    );
  });

  it('builds the distribution links on the console origin unless the pass base is absolute', () => {
    expect(distributionLinks('/p', 'https://c.example', 'T')).toEqual({
      link: 'https://c.example/p/t/T',
      qrCode: 'https://c.example/p/t/T?format=qrcode',
    });
    expect(distributionLinks('https://pass.example/p', 'https://c.example', 'T').link).toBe(
      'https://pass.example/p/t/T',
    );
  });

  it('offers languages by English name with their codes', () => {
    expect(languageChoices.find((choice) => choice.id === 'cs')).toEqual({ id: 'cs', name: 'Czech (cs)' });
  });
});

describe('pass values', () => {
  it('builds the public links', () => {
    expect(passLinks('/p', 'X')).toEqual({
      view: '/p/X?tag=console',
      pkpass: '/p/X?tag=console&format=pkpass',
      pdf: '/p/X?format=pdf&tag=console',
      qrCode: '/p/X?tag=console&format=qrcode',
    });
    expect(saveToGooglePayLink('/api/core', 'X')).toBe('/api/core/v1/pass/X/savetogooglepay');
  });

  it('maps the count choices and leaves other filters', () => {
    expect(passListFilter({ devices: 'some', downloads: 'none', id: 'x' })).toEqual({
      'devices.total': { $gt: 0 },
      downloads: { $eq: 0 },
      id: 'x',
    });
    expect(passListFilter({ devices: 'whatever' })).toEqual({});
  });

  it('checks dynamic data against the schema and tells a broken schema', () => {
    const schema = {
      type: 'object',
      properties: { age: { type: 'integer', minimum: 0 } },
      required: ['age'],
    };
    expect(dynamicDataProblems(schema, { age: 3 })).toEqual([]);
    expect(dynamicDataProblems(schema, { age: -1 })).toEqual(['/age must be >= 0']);
    expect(dynamicDataProblems(schema, null)).toEqual(['/ must be object']);
    expect(schemaProblem(schema)).toBeNull();
    expect(schemaProblem({ type: 'object', properties: { a: { type: 'nonsense' } } })).toMatch(
      /schema is invalid/,
    );
    expect(sameDynamicData(null, {})).toBe(true);
    expect(sameDynamicData({ a: undefined }, null)).toBe(true);
  });

  it('checks patterns in linear time in the browser too, in the JSON editor and in the form', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(a+)+$' } },
    };
    const evil = { code: `${'a'.repeat(20_000)}!` };
    expect(dynamicDataProblems(schema, evil)).toEqual(['/code must match pattern "^(a+)+$"']);
    expect(schemaFormValidator.validateFormData(evil, schema).errors).toEqual([
      expect.objectContaining({ property: '.code', message: 'must match pattern "^(a+)+$"' }),
    ]);
    expect(schemaProblem({ properties: { code: { pattern: '(a)\\1' } } })).toMatch(/backreference/);
  });

  it('shows schemas with patternProperties as plain JSON (the form would match keys with the browser engine)', () => {
    expect(formCanShow({ type: 'object', properties: { code: { pattern: '^a+$' } } })).toBe(true);
    expect(formCanShow({ type: 'object', patternProperties: { '^(a+)+$': {} } })).toBe(false);
  });

  it('writes export rows with names and JSON, and names the file by the time', () => {
    const rows = passExportRows(
      [aPass({ dynamicData: { a: 1 }, devices: { total: 3, ios: 3, android: 0 } })],
      {
        project: () => 'Acme',
        template: () => undefined,
      },
    );
    expect(rows[0]).toMatchObject({
      project: 'Acme',
      template: aPass().templateId,
      dynamicData: '{"a":1}',
      devices: 3,
    });
    expect(passExportFileName(new Date('2026-11-22T10:00:00.000Z'))).toBe(
      'export_passes_2026-11-22T10-00-00-000Z.xlsx',
    );
    expect(shortJson({ text: 'x'.repeat(100) }, 20)).toHaveLength(20);
  });

  it('reads JSON text: invalid, not an object, empty', () => {
    expect(parseJsonText('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonText('{a')).toMatchObject({ ok: false, error: 'app.json.invalid' });
    expect(parseJsonText('[1]')).toEqual({ ok: false, error: 'app.json.notObject' });
    expect(parseJsonText(' ', { allowNull: true })).toEqual({ ok: true, value: null });
    expect(parseJsonText(' ')).toEqual({ ok: false, error: 'app.json.empty' });
  });
});
