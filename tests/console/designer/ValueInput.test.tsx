import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JsonTemplateT } from '../../../domain/template/jsonTemplateSchema';
import { defaultJsonTemplate } from '../../../domain/template/defaults';
import { useDesigner } from '../../../src/designer/DesignerContext';
import { ValueInput, type ValueInputProps } from '../../../src/designer/values/ValueInput';
import { aTemplate, renderDesigner } from './renderDesigner';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** The value at a JSON pointer of the pass.json. */
function valueAt(json: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((current, part) => (isObject(current) ? current[part] : undefined), json);
}

/** The pass.json with the value at a pointer replaced; undefined removes it. */
function withValueAt(json: unknown, pointer: string, value: unknown): unknown {
  const [part, ...rest] = pointer.split('/').slice(1);
  const copy: Json | unknown[] = Array.isArray(json) ? [...json] : { ...(json as Json) };
  const next = rest.length === 0 ? value : withValueAt((copy as Json)[part], `/${rest.join('/')}`, value);
  if (next === undefined && !Array.isArray(copy)) delete copy[part];
  else (copy as Json)[part] = next;
  return copy;
}

/** A value input over a value of the template form, as the designer's inputs use it. */
const InputAt = (props: Omit<ValueInputProps, 'value' | 'onChange'>) => {
  const { jsonTemplate, update } = useDesigner();
  return (
    <ValueInput
      {...props}
      value={valueAt(jsonTemplate, props.path)}
      onChange={(value) => update((template) => withValueAt(template, props.path, value) as JsonTemplateT)}
    />
  );
};

/** The pass.json the form holds now. */
const jsonOf = (form: ReturnType<typeof renderDesigner>['form']) =>
  form().getValues('jsonTemplate') as JsonTemplateT;

const passJson = (overrides: Partial<JsonTemplateT> = {}): JsonTemplateT => ({
  ...defaultJsonTemplate(),
  description: 'Hello',
  ...overrides,
});

const SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, points: { type: 'integer', title: 'Points' } },
};

describe('value input', () => {
  it('keeps a text per language, and the first language when switched off', async () => {
    const { form } = renderDesigner(
      <InputAt label="Description" path="/description" kind="string" required />,
      aTemplate(passJson(), { languages: ['en', 'cs'] }),
    );
    await userEvent.click(await screen.findByRole('switch', { name: 'Per language' }));
    expect(jsonOf(form).description).toEqual({ en: 'Hello', cs: 'Hello' });

    const czech = screen.getByRole('textbox', { name: 'Czech' });
    await userEvent.clear(czech);
    await userEvent.type(czech, 'Ahoj');
    expect(jsonOf(form).description).toEqual({ en: 'Hello', cs: 'Ahoj' });
    expect(screen.getByRole('textbox', { name: 'English' })).toHaveValue('Hello');

    await userEvent.clear(czech);
    expect(await screen.findByText('Missing translation for Czech')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Per language' }));
    expect(jsonOf(form).description).toBe('Hello');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Hello');
  });

  it('wraps a text with a placeholder, asks for its fallback, and unwraps it when the placeholder goes', async () => {
    const { form } = renderDesigner(
      <InputAt label="Description" path="/description" kind="string" required />,
      aTemplate(passJson()),
    );
    const text = await screen.findByRole('textbox', { name: 'Description' });
    await userEvent.type(text, ' #{{name}');
    expect(jsonOf(form).description).toEqual({ type: 'string', value: 'Hello #{name}' });
    const fallback = screen.getByRole('textbox', { name: 'Fallback' });
    expect(await screen.findByText('Fallback value cannot be empty')).toBeInTheDocument();

    await userEvent.type(fallback, 'Hello guest');
    expect(jsonOf(form).description).toEqual({
      type: 'string',
      value: 'Hello #{name}',
      fallback: 'Hello guest',
    });
    expect(screen.queryByText('Fallback value cannot be empty')).not.toBeInTheDocument();

    await userEvent.clear(text);
    await userEvent.type(text, 'Hello');
    expect(jsonOf(form).description).toBe('Hello');
    expect(screen.queryByRole('textbox', { name: 'Fallback' })).not.toBeInTheDocument();
  });

  it('says an emptied required text must be filled, and removes an emptied optional one', async () => {
    const { form } = renderDesigner(
      <>
        <InputAt label="Description" path="/description" kind="string" required />
        <InputAt label="Logo text" path="/logoText" kind="string" />
      </>,
      aTemplate(passJson({ logoText: 'Acme' })),
    );
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Description' }));
    expect(screen.getByText('Please fill value')).toBeInTheDocument();
    expect(jsonOf(form).description).toBe('');

    await userEvent.clear(screen.getByRole('textbox', { name: 'Logo text' }));
    expect(jsonOf(form)).not.toHaveProperty('logoText');
  });

  it('inserts a placeholder at the caret of a text', async () => {
    const { form } = renderDesigner(
      <InputAt label="Description" path="/description" kind="string" required />,
      aTemplate(passJson(), { dynamicDataJsonSchema: SCHEMA }),
    );
    const text = await screen.findByRole('textbox', { name: 'Description' });
    await userEvent.click(text);
    (text as HTMLInputElement).setSelectionRange(0, 0);
    await userEvent.click(screen.getByRole('button', { name: 'Insert placeholder' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(2);
    await userEvent.click(within(menu).getByRole('menuitem', { name: /#\{name\}/ }));
    expect(jsonOf(form).description).toEqual({ type: 'string', value: '#{name}Hello' });
  });

  it('offers a number only placeholders of numbers, keeping the number as the fallback', async () => {
    const json = passJson({
      storeCard: { primaryFields: [{ key: 'points', value: 5, numberStyle: 'PKNumberStyleDecimal' }] },
    });
    const { form } = renderDesigner(
      <InputAt label="Value" path="/storeCard/primaryFields/0/value" kind="number" required />,
      aTemplate(json, { dynamicDataJsonSchema: SCHEMA }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Insert placeholder' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(1);
    await userEvent.click(within(menu).getByRole('menuitem', { name: /#\{points\}/ }));
    expect(valueAt(jsonOf(form), '/storeCard/primaryFields/0/value')).toEqual({
      type: 'number',
      value: '#{points}',
      fallback: 5,
    });
    expect(screen.getByRole('textbox', { name: 'Value' })).toHaveValue('#{points}');
    expect(screen.getByRole('textbox', { name: 'Fallback' })).toHaveValue('5');
  });

  it('hides the placeholder menu when the dynamic data has none', async () => {
    renderDesigner(<InputAt label="Description" path="/description" kind="string" />, aTemplate(passJson()));
    await screen.findByRole('textbox', { name: 'Description' });
    expect(screen.queryByRole('button', { name: 'Insert placeholder' })).not.toBeInTheDocument();
  });

  it('reads a number with a comma, keeping what is typed while it is not a number yet', async () => {
    const json = passJson({
      storeCard: { primaryFields: [{ key: 'points', value: 5, numberStyle: 'PKNumberStyleDecimal' }] },
    });
    const { form } = renderDesigner(
      <InputAt label="Value" path="/storeCard/primaryFields/0/value" kind="number" required />,
      aTemplate(json),
    );
    const input = await screen.findByRole('textbox', { name: 'Value' });
    const stored = () => valueAt(jsonOf(form), '/storeCard/primaryFields/0/value');
    await userEvent.clear(input);
    await userEvent.type(input, '1,');
    expect(stored()).toBe('1,');
    expect(await screen.findByText('Please enter a correct value')).toBeInTheDocument();
    await userEvent.type(input, '5');
    expect(stored()).toBe(1.5);
    expect(input).toHaveValue('1,5');
  });

  it('turns the colour swatch into rgb(r,g,b), for the value and for a placeholder fallback', async () => {
    const { form } = renderDesigner(
      <InputAt label="Background colour" path="/backgroundColor" kind="color" required />,
      aTemplate(passJson()),
    );
    fireEvent.change(await screen.findByLabelText('Pick colour'), { target: { value: '#ff8000' } });
    expect(jsonOf(form).backgroundColor).toBe('rgb(255,128,0)');
    expect(screen.getByRole('textbox', { name: 'Background colour' })).toHaveValue('rgb(255,128,0)');

    const text = screen.getByRole('textbox', { name: 'Background colour' });
    await userEvent.clear(text);
    await userEvent.type(text, '#{{brand}');
    expect(jsonOf(form).backgroundColor).toEqual({ type: 'color', value: '#{brand}' });
    expect(screen.getByText('Fallback value cannot be empty')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Pick colour'), { target: { value: '#0000ff' } });
    expect(jsonOf(form).backgroundColor).toEqual({
      type: 'color',
      value: '#{brand}',
      fallback: 'rgb(0,0,255)',
    });
  });

  it('sets a date from the date and time picker as an ISO date-time', async () => {
    const { form } = renderDesigner(
      <InputAt label="Relevant date" path="/relevantDate" kind="date" />,
      aTemplate(passJson({ relevantDate: '2026-01-01T10:00:00+02:00' })),
    );
    fireEvent.change(await screen.findByLabelText('Pick date and time'), {
      target: { value: '2026-05-01T18:30' },
    });
    expect(jsonOf(form).relevantDate).toBe('2026-05-01T18:30:00+02:00');
  });

  it('shows warnings in the warning colour under the input they concern', async () => {
    const json = passJson({
      storeCard: { backFields: [{ key: 'web', label: 'Web', value: 'See <a href=x>us</a>' }] },
    });
    renderDesigner(
      <InputAt label="Value" path="/storeCard/backFields/0/value" kind="string" required />,
      aTemplate(json),
    );
    const warning = await screen.findByText('contains non valid link');
    expect(warning).not.toHaveClass('Mui-error');
    expect(screen.getByRole('textbox', { name: 'Value' })).toHaveAccessibleDescription(
      'contains non valid link',
    );
  });

  it('only shows the value when the designer is read-only', async () => {
    renderDesigner(
      <InputAt label="Description" path="/description" kind="string" />,
      aTemplate(passJson(), { languages: ['en', 'cs'], dynamicDataJsonSchema: SCHEMA }),
      { readOnly: true },
    );
    expect(await screen.findByRole('textbox', { name: 'Description' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Per language' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Insert placeholder' })).toBeDisabled();
  });
});
