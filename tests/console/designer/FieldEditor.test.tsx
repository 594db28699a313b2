import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { FieldT, JsonTemplateT, StyleBodyT } from '../../../domain/template/jsonTemplateSchema';
import { defaultJsonTemplate } from '../../../domain/template/defaults';
import type { FieldPlace } from '../../../src/designer/designerRules';
import { FieldEditor } from '../../../src/designer/fields/FieldEditor';
import { aTemplate, renderDesigner } from './renderDesigner';

const PRIMARY: FieldPlace = { area: 'primaryFields', index: 0 };
const BACK: FieldPlace = { area: 'backFields', index: 0 };

/** The editor as the designer opens it: closing forgets the edited field. */
const EditorOf = ({ place, onClosed }: { place: FieldPlace; onClosed?: () => void }) => {
  const [edited, setEdited] = useState<FieldPlace | undefined>(place);
  return (
    <FieldEditor
      place={edited}
      anchor={document.body}
      onClose={() => {
        setEdited(undefined);
        onClosed?.();
      }}
    />
  );
};

/** The pass.json the form holds now. */
const jsonOf = (form: ReturnType<typeof renderDesigner>['form']) =>
  form().getValues('jsonTemplate') as JsonTemplateT;

const withFields = (body: StyleBodyT): JsonTemplateT => ({ ...defaultJsonTemplate(), storeCard: body });
const text = (key: string, extra: Partial<FieldT> = {}): FieldT =>
  ({ key, label: 'Label', value: 'Value', ...extra }) as FieldT;

function renderEditor(
  body: StyleBodyT,
  place: FieldPlace,
  options: { width?: number; readOnly?: boolean } = {},
) {
  const onClosed = jest.fn();
  const rendered = renderDesigner(
    <EditorOf place={place} onClosed={onClosed} />,
    aTemplate(withFields(body)),
    options,
  );
  const fieldAt = (at: FieldPlace) => jsonOf(rendered.form).storeCard?.[at.area]?.[at.index];
  return { ...rendered, onClosed, fieldAt };
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('field editor', () => {
  it('opens as a popup beside the field on a wide screen', async () => {
    renderEditor({ primaryFields: [text('primary1')] }, PRIMARY, { width: 1400 });
    const dialog = await screen.findByRole('dialog', { name: 'Field primary1' });
    expect(dialog).toHaveClass('MuiPopover-paper');
    expect(dialog).not.toHaveClass('MuiDialog-paperFullScreen');
  });

  it('opens full screen below 1240 px', async () => {
    renderEditor({ primaryFields: [text('primary1')] }, PRIMARY, { width: 1000 });
    const dialog = await screen.findByRole('dialog', { name: 'Field primary1' });
    expect(dialog).toHaveClass('MuiDialog-paperFullScreen');
    expect(document.querySelector('.MuiPopover-paper')).toBeNull();
  });

  it('shows the generated key read-only and edits the label live', async () => {
    const { fieldAt } = renderEditor({ primaryFields: [text('primary1')] }, PRIMARY);
    expect(await screen.findByRole('textbox', { name: 'Key' })).toHaveAttribute('readonly');
    const label = screen.getByRole('textbox', { name: 'Label' });
    await userEvent.clear(label);
    await userEvent.type(label, 'Points');
    expect(fieldAt(PRIMARY)).toMatchObject({ key: 'primary1', label: 'Points' });
    await userEvent.clear(label);
    expect(fieldAt(PRIMARY)).not.toHaveProperty('label');
  });

  it('resets the properties of a new type: number, currency, date', async () => {
    const { fieldAt } = renderEditor({ primaryFields: [text('primary1', { value: '5' })] }, PRIMARY);
    await screen.findByRole('dialog');
    await choose('Type', 'Number');
    expect(fieldAt(PRIMARY)).toEqual({
      key: 'primary1',
      label: 'Label',
      value: '5',
      numberStyle: 'PKNumberStyleDecimal',
    });
    expect(screen.getByRole('combobox', { name: 'Number style' })).toHaveTextContent('Decimal');

    await choose('Type', 'Currency');
    expect(fieldAt(PRIMARY)).toEqual({ key: 'primary1', label: 'Label', value: '5', currencyCode: 'CZK' });
    expect(screen.getByRole('combobox', { name: 'Currency code' })).toHaveValue('CZK');

    await choose('Type', 'Date');
    expect(fieldAt(PRIMARY)).toEqual({
      key: 'primary1',
      label: 'Label',
      value: '5',
      ignoresTimeZone: true,
      dateStyle: 'PKDateStyleShort',
      timeStyle: 'PKDateStyleShort',
    });
    expect(screen.getByRole('switch', { name: 'Ignores time zone' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Time style' })).toHaveTextContent('Short');
  });

  it('takes the attributed value from a back text field that becomes a date', async () => {
    const link = '<a href="https://acme.example">Web</a>';
    const { fieldAt } = renderEditor({ backFields: [text('back1', { attributedValue: link })] }, BACK);
    expect(await screen.findByRole('textbox', { name: 'Attributed value' })).toHaveValue(link);
    await choose('Type', 'Date');
    expect(fieldAt(BACK)).not.toHaveProperty('attributedValue');
    expect(screen.queryByRole('textbox', { name: 'Attributed value' })).not.toBeInTheDocument();
  });

  it('gives a back field whose attributed value holds only links a readable value', async () => {
    const { fieldAt } = renderEditor({ backFields: [text('back1')] }, BACK);
    const attributed = await screen.findByRole('textbox', { name: 'Attributed value' });
    await userEvent.type(attributed, '<a href="https://acme.example">Web</a>');
    expect(fieldAt(BACK)).toMatchObject({
      attributedValue: '<a href="https://acme.example">Web</a>',
      value: 'Web: https://acme.example',
    });
    expect(screen.getByRole('textbox', { name: 'Value' })).toHaveValue('Web: https://acme.example');
  });

  it('offers the attributed value and data detectors only on the back', async () => {
    renderEditor({ primaryFields: [text('primary1')] }, PRIMARY);
    await screen.findByRole('dialog');
    expect(screen.queryByRole('textbox', { name: 'Attributed value' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Data detectors' })).not.toBeInTheDocument();
  });

  it('stores the chosen data detectors, and none as no property', async () => {
    const { fieldAt } = renderEditor({ backFields: [text('back1')] }, BACK);
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('combobox', { name: 'Data detectors' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Link' }));
    await userEvent.click(screen.getByRole('option', { name: 'Phone number' }));
    expect(fieldAt(BACK)).toMatchObject({
      dataDetectorTypes: ['PKDataDetectorTypePhoneNumber', 'PKDataDetectorTypeLink'],
    });
    await userEvent.click(screen.getByRole('option', { name: 'Link' }));
    await userEvent.click(screen.getByRole('option', { name: 'Phone number' }));
    expect(fieldAt(BACK)).not.toHaveProperty('dataDetectorTypes');
  });

  it('asks for the fallback of a value with a placeholder; a change message needs none', async () => {
    const { fieldAt } = renderEditor({ primaryFields: [text('primary1', { value: 'Hi' })] }, PRIMARY);
    const value = await screen.findByRole('textbox', { name: 'Value' });
    await userEvent.type(value, ' #{{name}');
    expect(fieldAt(PRIMARY)).toMatchObject({ value: { type: 'string', value: 'Hi #{name}' } });
    const valueGroup = screen.getByRole('group', { name: 'Value' });
    expect(within(valueGroup).getByText('Fallback value cannot be empty')).toBeInTheDocument();
    await userEvent.type(within(valueGroup).getByRole('textbox', { name: 'Fallback' }), 'Hi guest');
    expect(fieldAt(PRIMARY)).toMatchObject({
      value: { type: 'string', value: 'Hi #{name}', fallback: 'Hi guest' },
    });

    const changeMessage = screen.getByRole('textbox', { name: 'Change message' });
    expect(screen.getByText(/%@ stands for the new value/)).toBeInTheDocument();
    await userEvent.type(changeMessage, '#{{name}: %@');
    expect(fieldAt(PRIMARY)).toMatchObject({ changeMessage: { type: 'string', value: '#{name}: %@' } });
    const changeGroup = screen.getByRole('group', { name: 'Change message' });
    expect(within(changeGroup).queryByText('Fallback value cannot be empty')).not.toBeInTheDocument();
  });

  it('sets and unsets the text alignment', async () => {
    const { fieldAt } = renderEditor({ primaryFields: [text('primary1')] }, PRIMARY);
    await screen.findByRole('dialog');
    await choose('Text alignment', 'Center');
    expect(fieldAt(PRIMARY)).toMatchObject({ textAlignment: 'PKTextAlignmentCenter' });
    await choose('Text alignment', 'Not set');
    expect(fieldAt(PRIMARY)).not.toHaveProperty('textAlignment');
  });

  it('removes the field and closes', async () => {
    const { form, onClosed } = renderEditor(
      { secondaryFields: [text('secondary1'), text('secondary2')] },
      { area: 'secondaryFields', index: 0 },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Remove field' }));
    expect(jsonOf(form).storeCard?.secondaryFields).toEqual([text('secondary2')]);
    expect(onClosed).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes with Close, keeping the field', async () => {
    const { fieldAt, onClosed } = renderEditor({ primaryFields: [text('primary1')] }, PRIMARY);
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(fieldAt(PRIMARY)).toEqual(text('primary1'));
  });

  it('only shows the field to a read-only designer', async () => {
    renderEditor({ primaryFields: [text('primary1')] }, PRIMARY, { readOnly: true });
    const dialog = await screen.findByRole('dialog', { name: 'Field primary1' });
    for (const input of within(dialog).getAllByRole('textbox')) expect(input).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).queryByRole('button', { name: 'Remove field' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
  });
});
