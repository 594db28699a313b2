import { validateTemplate } from '../../domain/template/validateTemplate';
import { freeOrderPrefix, prefixClash } from '../../domain/ticket/orderPrefixes';
import { holderNameOf, ticketPassData, TICKET_FIELDS } from '../../domain/ticket/ticketContract';
import { ticketDynamicDataSchema, ticketJsonTemplate } from '../../domain/ticket/ticketTemplate';
import { productTemplateProblems, ticketTemplateProblems } from '../../domain/ticket/ticketTemplateCheck';

describe('the ticket contract', () => {
  test('the new ticket template is a valid template that a product accepts', () => {
    const template = { jsonTemplate: ticketJsonTemplate(), dynamicDataJsonSchema: ticketDynamicDataSchema() };
    expect(validateTemplate({ ...template, languages: ['en'], images: {} }).errors).toEqual([]);
    expect(ticketTemplateProblems(template, null).errors).toEqual([]);
  });

  test('a pass of a ticket holds every field of the contract, and the event parts the product has', () => {
    const data = ticketPassData({
      ticketSecret: 's',
      passUrl: 'https://x/p/1',
      orderNumber: '9026000001',
      itemNumber: null,
      holderName: '',
      productName: 'Adult',
      eshopName: 'Zoo',
      validFrom: null,
      validTo: null,
      entryCount: 1,
      maxEntries: 2,
      event: { name: ' Gala ', venue: '', startsAt: '2027-01-01T19:00:00Z' },
    });
    for (const field of Object.keys(TICKET_FIELDS)) expect(data).toHaveProperty(field);
    expect(data).toMatchObject({ itemNumber: '', entries: '1/2', entriesLeft: 1, eventName: 'Gala' });
    expect(data).toHaveProperty('eventStart', '2027-01-01T19:00:00Z');
    expect(data).not.toHaveProperty('eventVenue');
  });

  test("the holder's name: holderName, else name; trimmed and at most 100 characters", () => {
    expect(holderNameOf({ holderName: ' Jana ', name: 'Petr' })).toBe('Jana');
    expect(holderNameOf({ name: 'Petr' })).toBe('Petr');
    expect(holderNameOf({ name: 5 })).toBe('');
    expect(holderNameOf(null)).toBe('');
    expect(holderNameOf(['x'])).toBe('');
    expect([...holderNameOf({ name: '😀'.repeat(150) })]).toHaveLength(100);
  });

  test("a product's templates: each judged once against its event, those not known left out", () => {
    const fits = { name: 'Fits', jsonTemplate: ticketJsonTemplate(), dynamicDataJsonSchema: {} };
    const eventless = {
      name: 'Event',
      jsonTemplate: { ...ticketJsonTemplate(), description: '#{eventName}' },
      dynamicDataJsonSchema: {},
    };
    const templates = new Map([
      ['a', fits],
      ['b', eventless],
    ]);
    const templateOf = (id: string) => templates.get(id);
    const problems = productTemplateProblems(['a', 'x', 'b', 'b', 7], templateOf, null);
    expect(problems.map(({ index, template, path }) => [index, template.name, path])).toEqual([
      [2, 'Event', '/jsonTemplate/description'],
    ]);
    expect(productTemplateProblems(['b'], templateOf, { name: 'Gala' })).toEqual([]);
    expect(productTemplateProblems(undefined, templateOf, null)).toEqual([]);
  });
});

describe('order prefixes', () => {
  test('a prefix clashes with the same one and with one starting it or started by it', () => {
    expect(prefixClash('90', ['91', '123'])).toBeUndefined();
    expect(prefixClash('90', ['90'])).toBe('90');
    expect(prefixClash('901', ['90'])).toBe('90');
    expect(prefixClash('9', ['90'])).toBe('90');
  });

  test('the next free prefix: 90 first, then 91 … 99, 10 … 89; none once all two-digit ones are taken', () => {
    expect(freeOrderPrefix([])).toBe('90');
    expect(freeOrderPrefix(['90', '91'])).toBe('92');
    const nineties = Array.from({ length: 10 }, (_, index) => String(90 + index));
    expect(freeOrderPrefix(nineties)).toBe('10');
    expect(freeOrderPrefix(['1'])).toBe('90');
    expect(freeOrderPrefix([...nineties, '1', '2', '3', '4', '5', '6', '7', '8'])).toBeUndefined();
    const twoDigit = Array.from({ length: 90 }, (_, index) => String(10 + index));
    expect(freeOrderPrefix(twoDigit)).toBeUndefined();
  });
});
