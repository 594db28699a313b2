import type { TSchema } from '@sinclair/typebox';
import type { ResourceDescriptor } from '../../domain/resource';
import { RESOURCES } from '../../domain/resources';
import { cs } from '../../src/i18n/cs';
import { en } from '../../src/i18n/en';

type Messages = Readonly<Record<string, unknown>>;

/** The text at a dotted key (`resources.identity/user.fields.email`), if there is one. */
function textAt(messages: Messages, key: string): string | undefined {
  const found = entryAt(messages, key);
  return typeof found === 'string' && found.trim() !== '' ? found : undefined;
}

/** A field's label: a text, or the labels of its parts (a document shown field by field: the e-shop's seller). */
const hasFieldLabel = (messages: Messages, key: string) => {
  const found = entryAt(messages, key);
  return textAt(messages, key) !== undefined || (typeof found === 'object' && found !== null);
};

/** What is at a dotted key of the messages. */
function entryAt(messages: Messages, key: string): unknown {
  const [head, ...rest] = key.split('.');
  // a route's key holds a slash, never a dot: `resources` then `identity/user`
  let current: unknown = messages;
  for (const part of [head, ...rest]) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Messages)[part];
  }
  return current;
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

/**
 * The i18n prefix of a field's values: the one its hints give (in any of its columns, filters and fields), else the
 * declaration's own `resources.<route>.values.<field>`.
 */
function labelsOf(descriptor: ResourceDescriptor, field: string): string {
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
  return `resources.${descriptor.route}.values.${field}`;
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
        ...(textAt(messages, `resources.${route}.name`) ? [] : [`resources.${route}.name`]),
        ...fields
          .map(([field]) => `resources.${route}.fields.${field}`)
          .filter((key) => !hasFieldLabel(messages, key)),
      ];
      expect(missing).toEqual([]);
    });

    it.each(LANGUAGES)('name every value of every choice in %s', (_language, messages) => {
      const missing = fields.flatMap(([field, schema]) => {
        const choices = choicesOf(schema);
        if (!choices) return [];
        const prefix = labelsOf(descriptor, field);
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
