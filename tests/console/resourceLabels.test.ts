import type { TSchema } from '@sinclair/typebox';
import type { ResourceDescriptor } from '../../domain/resource';
import { RESOURCES } from '../../domain/resources';
import { cs } from '../../src/i18n/cs';
import { en } from '../../src/i18n/en';

type Messages = Readonly<Record<string, unknown>>;

/** The text at a dotted key (`resources.identity/user.fields.email`), if there is one. */
function textAt(messages: Messages, key: string): string | undefined {
  const [head, ...rest] = key.split('.');
  // a route's key holds a slash, never a dot: `resources` then `identity/user`
  let current: unknown = messages;
  for (const part of [head, ...rest]) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Messages)[part];
  }
  return typeof current === 'string' && current.trim() !== '' ? current : undefined;
}

/** The values a field may take when its schema lists them (a union of constants or an enum). */
function choicesOf(schema: TSchema): readonly (string | number)[] | undefined {
  const anyOf = (schema as { anyOf?: TSchema[] }).anyOf;
  if (anyOf) {
    const members = anyOf.filter((member) => (member as { type?: string }).type !== 'null');
    const constants = members.map((member) => (member as { const?: string | number }).const);
    if (constants.every((value) => value !== undefined)) return constants as (string | number)[];
    return members.length === 1 ? choicesOf(members[0]) : undefined;
  }
  return (schema as { enum?: (string | number)[] }).enum;
}

/** The i18n prefix the resource's hints give a field's values, from any of its columns, filters and fields. */
function labelsOf(descriptor: ResourceDescriptor, field: string): string | undefined {
  const { ui } = descriptor;
  const hints = [
    ...(ui.list?.columns ?? []),
    ...(ui.list?.filters ?? []),
    ...(ui.page ?? []),
    ...(ui.create ?? []),
    ...(ui.tabs ?? []).flatMap((tab) => tab.fields ?? []),
  ];
  for (const hint of hints)
    if (typeof hint !== 'string' && hint.field === field && hint.labels) return hint.labels;
  return undefined;
}

const LANGUAGES: ReadonlyArray<[string, Messages]> = [
  ['English', en],
  ['Czech', cs],
];

describe.each(RESOURCES.map((descriptor) => [descriptor.route, descriptor] as const))(
  'the labels of %s',
  (route, descriptor) => {
    const fields = Object.entries(descriptor.schema.properties);

    it.each(LANGUAGES)('name the resource and every field in %s', (_language, messages) => {
      const missing = [
        `resources.${route}.name`,
        ...fields.map(([field]) => `resources.${route}.fields.${field}`),
      ].filter((key) => textAt(messages, key) === undefined);
      expect(missing).toEqual([]);
    });

    it.each(LANGUAGES)('name every value of every choice in %s', (_language, messages) => {
      const missing = fields.flatMap(([field, schema]) => {
        const choices = choicesOf(schema);
        if (!choices) return [];
        const prefix = labelsOf(descriptor, field);
        if (!prefix) return [`${field}: no labels in the console hints`];
        return choices
          .map((value) => `${prefix}.${value}`)
          .filter((key) => textAt(messages, key) === undefined);
      });
      expect(missing).toEqual([]);
    });
  },
);

describe('the labels test', () => {
  it('finds a missing label', () => {
    expect(textAt(en, 'resources.identity/user.fields.noSuchField')).toBeUndefined();
    expect(textAt(en, 'resources.identity/user.fields.email')).toBeDefined();
  });
});
