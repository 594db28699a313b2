import { describeOnEachDatabase } from './harness';
import { coreApi, expectError, templateBody } from './passFixtures';

// Users and templates per test; a busy two-core machine needs more than 5 s.
jest.setTimeout(30_000);

/** The pattern and the pass of issue 11: JavaScript's engine never returns on them. */
const REDOS_PATTERN = '^(a+)+$';
const REDOS_VALUE = `${'a'.repeat(40)}!`;

const schemaWith = (code: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { code: { type: 'string', ...code } },
  ...more,
});

describeOnEachDatabase('regular expressions in user schemas', (server) => {
  const api = coreApi(server);
  let admin: string;
  let projectId: string;

  beforeAll(async () => {
    admin = await server().adminToken();
    projectId = await server().createProject('User patterns');
  });

  const templateWith = (schema: unknown) =>
    api.created(admin, 'template', templateBody(projectId, { dynamicDataJsonSchema: schema }));
  const passOf = (templateId: string, dynamicData: unknown) =>
    api.call(admin, 'POST', 'pass', { templateId, dynamicData });
  const serverStillAnswers = async () =>
    expect((await api.call(admin, 'GET', 'pass?limit=1')).statusCode).toBe(200);

  describe('a pass write', () => {
    it('answers 400 to the backtracking pass of issue 11, and the server answers the next request', async () => {
      const template = await templateWith(schemaWith({ pattern: REDOS_PATTERN }));
      const before = await api.count('pass');
      const error = expectError(
        await passOf(template.id, { code: REDOS_VALUE }),
        400,
        'Dynamic data does not match the template',
      );
      expect(error.errors).toEqual([
        { path: '/dynamicData/code', message: `must match pattern "${REDOS_PATTERN}"` },
      ]);
      expect(await api.count('pass')).toBe(before);
      await serverStillAnswers();
    });

    it('answers 400 to the same data through PATCH, PUT and batch', async () => {
      const template = await templateWith(schemaWith({ pattern: REDOS_PATTERN }));
      const pass = await api.created(admin, 'pass', {
        templateId: template.id,
        dynamicData: { code: 'aaa' },
      });
      const evil = { code: `${'a'.repeat(20_000)}!` };
      expectError(await api.call(admin, 'PATCH', `pass/${pass.id}`, { dynamicData: evil }), 400);
      expectError(
        await api.call(admin, 'PUT', `pass/${pass.id}`, { templateId: template.id, dynamicData: evil }),
        400,
      );
      const batch = await api.call(admin, 'POST', 'pass/batch', [
        { method: 'POST', data: { templateId: template.id, dynamicData: evil } },
        { method: 'PATCH', id: pass.id, data: { dynamicData: evil } },
      ]);
      expect(batch.json().map((item: { status: { code: number } }) => item.status.code)).toEqual([400, 400]);
      expect((await api.call(admin, 'GET', `pass/${pass.id}`)).json().dynamicData).toEqual({ code: 'aaa' });
    });

    it('matches patternProperties and propertyNames in linear time too', async () => {
      const template = await templateWith({
        type: 'object',
        patternProperties: { '^(b+)+$': { type: 'integer' } },
        propertyNames: { pattern: '^(?:([a-z]+)+)+$' },
      });
      expect((await passOf(template.id, { bbb: 1 })).statusCode).toBe(201);
      expectError(await passOf(template.id, { bbb: 'one' }), 400);
      const error = expectError(await passOf(template.id, { [`${'b'.repeat(20_000)}!`]: 1 }), 400);
      expect(error.errors).toEqual([
        { path: '/dynamicData', message: 'must match pattern "^(?:([a-z]+)+)+$"' },
        { path: '/dynamicData', message: 'property name must be valid' },
      ]);
      await serverStillAnswers();
    });

    it('checks a normal pattern as before: matching data is saved, other data refused', async () => {
      const template = await templateWith(
        schemaWith({ pattern: '^[A-Z]{2}-\\d{4}$' }, { required: ['code'] }),
      );
      const saved = await passOf(template.id, { code: 'AB-1234' });
      expect(saved.statusCode).toBe(201);
      expect(saved.json().dynamicData).toEqual({ code: 'AB-1234' });
      for (const code of ['ab-1234', 'AB-12345', 'AB 1234', ' AB-1234']) {
        const error = expectError(
          await passOf(template.id, { code }),
          400,
          'Dynamic data does not match the template',
        );
        expect(error.errors).toEqual([
          { path: '/dynamicData/code', message: 'must match pattern "^[A-Z]{2}-\\d{4}$"' },
        ]);
      }
    });

    it('keeps the meaning JavaScript gives \\s, \\S and . (Unicode spaces, line ends)', async () => {
      const template = await templateWith(schemaWith({ pattern: '^\\S+ .$' }));
      expect((await passOf(template.id, { code: 'Jane x' })).statusCode).toBe(201);
      for (const code of ['Jane\u00a0Doe x', 'Jane \u2028', 'Jane\u3000x x'])
        expectError(await passOf(template.id, { code }), 400);
    });

    it('answers 400 naming /dynamicData when the data is too large to check against its patterns', async () => {
      // RE2 stays linear, but each character costs a step per instruction: 406 here, over 200,000 characters
      const codes = { type: 'array', items: { type: 'string', pattern: '[ab]*a[ab]{400}c' } };
      const template = await templateWith({ type: 'object', properties: { codes } });
      const error = expectError(
        await passOf(template.id, { codes: Array.from({ length: 100 }, () => 'ab'.repeat(1000)) }),
        400,
        'Dynamic data does not match the template',
      );
      expect(error.errors).toEqual([
        { path: '/dynamicData', message: 'is too large to be checked against the patterns of its schema' },
      ]);
      expect((await passOf(template.id, { codes: [`a${'b'.repeat(400)}c`] })).statusCode).toBe(201);
      await serverStillAnswers();
    });

    it('checks the url format without backtracking (ajv-formats took 44 s on 320,000 characters)', async () => {
      const template = await templateWith(schemaWith({ format: 'url' }));
      expect((await passOf(template.id, { code: 'https://example.com/card?id=1' })).statusCode).toBe(201);
      const error = expectError(await passOf(template.id, { code: `http://${':'.repeat(500_000)} ` }), 400);
      expect(error.errors).toEqual([{ path: '/dynamicData/code', message: 'must match format "url"' }]);
      expectError(await passOf(template.id, { code: 'http://192.168.1.1/' }), 400);
    });

    it('answers 400 naming templateId for a template stored before its pattern was refused', async () => {
      const template = await templateWith(schemaWith({ pattern: '^a+$' }));
      await server()
        .context.db.updateTable('template')
        .set({ dynamicDataJsonSchema: JSON.stringify(schemaWith({ pattern: '^(a)\\1$' })) })
        .where('id', '=', template.id)
        .execute();
      const error = expectError(await passOf(template.id, { code: 'aa' }), 400);
      expect(error.errors).toEqual([
        { path: '/templateId', message: "The template's dynamic data schema is not a valid JSON Schema." },
      ]);
    });
  });

  describe('a template save', () => {
    const refusedTemplate = async (schema: unknown) => {
      const before = await api.count('template');
      const error = expectError(
        await api.call(admin, 'POST', 'template', templateBody(projectId, { dynamicDataJsonSchema: schema })),
        400,
        'Template is invalid',
      );
      expect(await api.count('template')).toBe(before);
      return error.errors;
    };

    it('refuses a backreference, naming the path of its pattern', async () => {
      expect(await refusedTemplate(schemaWith({ pattern: '^(a+)\\1$' }))).toEqual([
        {
          path: '/dynamicDataJsonSchema/properties/code/pattern',
          message:
            'uses a backreference (\\1, \\k<name>), which the linear-time pattern engine does not support',
        },
      ]);
      expect(await refusedTemplate(schemaWith({ pattern: '^(?<x>a)\\k<x>$' }))).toEqual([
        expect.objectContaining({ path: '/dynamicDataJsonSchema/properties/code/pattern' }),
      ]);
    });

    it('refuses lookaround in pattern, patternProperties and propertyNames, each by path', async () => {
      const errors = await refusedTemplate({
        type: 'object',
        properties: { code: { type: 'string', pattern: '^a(?=b)' } },
        patternProperties: { '^(?!x)': {} },
        propertyNames: { pattern: '(?<=a)b' },
      });
      const lookaround =
        'uses a lookahead or lookbehind ((?=, (?!, (?<=, (?<!), which the linear-time pattern engine does not support';
      expect(errors).toEqual(
        expect.arrayContaining([
          { path: '/dynamicDataJsonSchema/properties/code/pattern', message: lookaround },
          { path: '/dynamicDataJsonSchema/patternProperties/^(?!x)', message: lookaround },
          { path: '/dynamicDataJsonSchema/propertyNames/pattern', message: lookaround },
        ]),
      );
      expect(errors).toHaveLength(3);
    });

    it('refuses a pattern that compiles too large or is not a regular expression', async () => {
      expect(await refusedTemplate(schemaWith({ pattern: '[ab]*a[ab]{1000}c' }))).toEqual([
        {
          path: '/dynamicDataJsonSchema/properties/code/pattern',
          message: expect.stringMatching(
            /^is too large: it compiles to \d+ instructions, at most 1000 are allowed/,
          ),
        },
      ]);
      expect(await refusedTemplate(schemaWith({ pattern: '(' }))).toEqual([
        {
          path: '/dynamicDataJsonSchema/properties/code/pattern',
          message: expect.stringMatching(/^is not a valid regular expression/),
        },
      ]);
    });

    it('refuses such a pattern on PATCH too, and leaves the template as it was', async () => {
      const template = await templateWith(schemaWith({ pattern: '^a+$' }));
      const error = expectError(
        await api.call(admin, 'PATCH', `template/${template.id}`, {
          dynamicDataJsonSchema: schemaWith({ pattern: '(a)\\1' }),
        }),
        400,
        'Template is invalid',
      );
      expect(error.errors).toEqual([
        expect.objectContaining({ path: '/dynamicDataJsonSchema/properties/code/pattern' }),
      ]);
      const stored = (await api.call(admin, 'GET', `template/${template.id}`)).json();
      expect(stored.dynamicDataJsonSchema).toEqual(schemaWith({ pattern: '^a+$' }));
    });
  });
});
