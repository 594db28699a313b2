import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import {
  MAX_PATTERN_INSTRUCTIONS,
  PatternBudgetExceeded,
  compilePattern,
  withPatternBudget,
} from '../../domain/userSchemas/linearRegExp';
import { schemaPatterns } from '../../domain/userSchemas/schemaPatterns';
import {
  createUserSchemaAjv,
  patternProblems,
  userSchemaErrors,
} from '../../domain/userSchemas/userSchemaAjv';

function linear(pattern: string) {
  const compiled = compilePattern(pattern);
  if (!compiled.ok) throw new Error(compiled.problem);
  return compiled.pattern;
}

function problem(pattern: string): string {
  const compiled = compilePattern(pattern);
  if (compiled.ok) throw new Error(`${pattern} compiled`);
  return compiled.problem;
}

describe('user patterns on RE2', () => {
  const samples = [
    '',
    'a',
    'abc',
    'ABC',
    '123',
    ' ',
    'a b',
    'a\u00a0b',
    'a\u2028b',
    'a\nb',
    'a\rb',
    '\t',
    '\ufeff',
    'héllo',
    'Ωμέγα',
    '😀',
    '😀😀',
    'a.b',
    'x-y_z',
    'A1-b2',
    '+41 79 123 45 67',
    'user@example.com',
    '2024-05-01',
    '[]',
    '\\',
    '/',
    'a/b',
    'abcabc',
  ];
  const patterns = [
    '^[a-z]+$',
    '^\\d{3}$',
    '^\\S+$',
    '^\\s*$',
    '[\\s\\S]',
    '^[^\\s]+$',
    '^[\\S]+$',
    '^.+$',
    '^.$',
    '^.{2}$',
    '[.]',
    '^\\p{L}+$',
    '^[\\p{L}\\d -]+$',
    '^\\u00e9',
    '\\u{1F600}',
    '^(?<word>\\w+)$',
    '\\bb',
    'a\\B',
    '^[^]$',
    '^a\\/b$',
    '^\\+?[0-9 ]{6,20}$',
    '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$',
    '^\\d{4}-\\d{2}-\\d{2}$',
    '\\\\',
    '^(?:abc)+$',
    '^(a+)+$',
    'c$',
    '^$',
  ];

  it.each(patterns)('matches %s exactly as JavaScript does', (pattern) => {
    const javascript = new RegExp(pattern, 'u');
    const re2 = linear(pattern);
    for (const sample of samples)
      expect([sample, re2.test(sample)]).toEqual([sample, javascript.test(sample)]);
  });

  it('runs the backtracking trap of issue 11 in linear time', () => {
    expect(linear('^(a+)+$').test(`${'a'.repeat(40_000)}!`)).toBe(false);
  });

  it('refuses backreferences, lookaround and what JavaScript cannot parse, saying why', () => {
    expect(problem('(a)\\1')).toMatch(/backreference/);
    expect(problem('(?<x>a)\\k<x>')).toMatch(/backreference/);
    expect(problem('a(?=b)')).toMatch(/lookahead or lookbehind/);
    expect(problem('a(?!b)')).toMatch(/lookahead or lookbehind/);
    expect(problem('(?<=a)b')).toMatch(/lookahead or lookbehind/);
    expect(problem('(?<!a)b')).toMatch(/lookahead or lookbehind/);
    expect(problem('(')).toMatch(/is not a valid regular expression/);
    expect(problem('a{2000}')).toMatch(/cannot be run by the linear-time pattern engine/);
    expect(problem('[ab]*a[ab]{1000}c')).toMatch(
      new RegExp(`is too large: it compiles to \\d+ instructions, at most ${MAX_PATTERN_INSTRUCTIONS}`),
    );
  });

  it('accepts escaped look-alikes of what it refuses', () => {
    expect(linear('\\(\\?=\\)').test('(?=)')).toBe(true);
    expect(linear('[(?=]').test('=')).toBe(true);
    expect(linear('\\\\1').test('\\1')).toBe(true);
  });

  it('tells different patterns apart (ajv shares one compiled pattern per name)', () => {
    expect(String(linear('^a$'))).not.toBe(String(linear('^b$')));
  });

  it('throws PatternBudgetExceeded once one validation has spent its budget, and not in the next', () => {
    const costly = linear('[ab]*a[ab]{900}c');
    const input = 'ab'.repeat(100);
    expect(() => withPatternBudget(() => Array.from({ length: 1000 }, () => costly.test(input)))).toThrow(
      PatternBudgetExceeded,
    );
    expect(withPatternBudget(() => costly.test(input))).toBe(false);
  });
});

describe('user schemas', () => {
  it('finds every pattern ajv would compile, with its path', () => {
    const schema = {
      type: 'object',
      properties: { 'a/b': { pattern: 'p1' }, list: { items: [{ pattern: 'p2' }] } },
      patternProperties: { '^x~': { propertyNames: { pattern: 'p3' } } },
      anyOf: [{ not: { pattern: 'p4' } }],
      $defs: { code: { pattern: 'p5' } },
      examples: [{ pattern: 'not a schema' }],
    };
    expect(schemaPatterns(schema, '/s').map(({ path, pattern }) => [path, pattern])).toEqual(
      expect.arrayContaining([
        ['/s/properties/a~1b/pattern', 'p1'],
        ['/s/properties/list/items/0/pattern', 'p2'],
        ['/s/patternProperties/^x~0', '^x~'],
        ['/s/patternProperties/^x~0/propertyNames/pattern', 'p3'],
        ['/s/anyOf/0/not/pattern', 'p4'],
        ['/s/$defs/code/pattern', 'p5'],
      ]),
    );
    expect(schemaPatterns(schema, '/s')).toHaveLength(6);
  });

  it('names the path of each pattern that cannot be used', () => {
    expect(
      patternProblems(
        { properties: { code: { pattern: '(a)\\1' }, name: { pattern: '^[a-z]+$' } } },
        '/schema',
      ),
    ).toEqual([{ path: '/schema/properties/code/pattern', message: expect.stringMatching(/backreference/) }]);
  });

  it('validates pattern, patternProperties and propertyNames in linear time', () => {
    const validate = createUserSchemaAjv().compile({
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(a+)+$' } },
      patternProperties: { '^(b+)+$': { type: 'number' } },
      propertyNames: { pattern: '^(?:([a-z]+)+)+$' },
    });
    const evil = `${'a'.repeat(20_000)}!`;
    expect(userSchemaErrors(validate, { code: 'aaa', bbb: 1 })).toEqual([]);
    expect(userSchemaErrors(validate, { code: evil }).map((error) => error.keyword)).toEqual(['pattern']);
    expect(
      userSchemaErrors(validate, { [`${'b'.repeat(20_000)}!`]: 'x' }).map((error) => error.keyword),
    ).toEqual(['pattern', 'propertyNames']);
    expect(userSchemaErrors(validate, { bb: 'not a number' }).map((error) => error.keyword)).toEqual([
      'type',
    ]);
  });

  it('answers one error at the root when data is too large for the pattern budget', () => {
    const validate = createUserSchemaAjv().compile({
      type: 'array',
      items: { pattern: '[ab]*a[ab]{900}c' },
    });
    expect(
      userSchemaErrors(
        validate,
        Array.from({ length: 10 }, () => 'ab'.repeat(100)),
      ),
    ).toEqual([
      expect.objectContaining({
        instancePath: '',
        message: 'is too large to be checked against the patterns of its schema',
      }),
    ]);
  });

  it('checks the url format as ajv-formats does, without its quadratic backtracking', () => {
    const native = addFormats(new Ajv({ strict: false })).compile({ format: 'url' });
    const validate = createUserSchemaAjv().compile({ format: 'url' });
    const same = (url: string) => expect([url, validate(url)]).toEqual([url, native(url)]);
    const octets = [
      '0',
      '1',
      '9',
      '10',
      '11',
      '16',
      '31',
      '32',
      '99',
      '100',
      '127',
      '168',
      '169',
      '172',
      '192',
    ];
    octets.push('199', '200', '223', '224', '254', '255', '256', '016', '01');
    for (const first of octets) for (const second of octets) same(`http://${first}.${second}.1.2/`);
    const hosts = [
      'example.com',
      'a.b',
      'bücher.de',
      'localhost',
      '10.1.2.3.com',
      '-a.com',
      'a--b.co',
      '1.2.3.4.5',
    ];
    hosts.push('10.0.0.1', '127.0.0.1', '172.16.0.1', '172.32.0.1', '192.168.1.1', '169.254.1.1', '8.8.8.8');
    const prefixes = [
      'http://',
      'https://',
      'ftp://',
      'mailto:',
      'http://u@',
      'http://u:p@',
      'http://u@10.0.0.1/@',
    ];
    const suffixes = ['', '/', ':80', ':8', '/path?q=1#f', ' ', '/x@10.0.0.1'];
    for (const prefix of prefixes)
      for (const host of hosts) for (const suffix of suffixes) same(prefix + host + suffix);
    expect(validate(`http://${':'.repeat(1_000_000)} `)).toBe(false);
  });
});
