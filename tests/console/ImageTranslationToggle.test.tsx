import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ImageType } from '../../domain/template/limits';
import { ImageTranslationToggle } from '../../src/resources/images/ImageTranslationToggle';
import type { ImageValue } from '../../src/resources/images/imageTranslation';
import { admin, memoryDataProvider } from './harness';
import { renderInAdmin } from './renderInAdmin';

const LOGO = '11111111-aaaa-4aaa-8aaa-111111111111';
const LOGO_CS = '22222222-aaaa-4aaa-8aaa-222222222222';

/** A template's image field held by a form: the toggle's value, shown as JSON. */
const ImageField = ({ initial, type }: { initial: ImageValue | undefined; type: ImageType }) => {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ImageTranslationToggle value={value} languages={['en', 'cs']} type={type} onChange={setValue} />
      <output aria-label="value">{JSON.stringify(value ?? null)}</output>
    </>
  );
};

function renderField(initial: ImageValue | undefined, type: ImageType = 'logo') {
  renderInAdmin(<ImageField initial={initial} type={type} />, {
    viewer: admin,
    dataProvider: memoryDataProvider().dataProvider,
  });
}

describe('image translation toggle', () => {
  it('on: the single image becomes the image of every language', async () => {
    renderField(LOGO);
    const toggle = await screen.findByRole('switch', { name: 'Image per language' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(screen.getByLabelText('value')).toHaveTextContent(JSON.stringify({ en: LOGO, cs: LOGO }));
  });

  it("off: the first language's image stays", async () => {
    renderField({ cs: LOGO_CS, en: LOGO });
    const toggle = await screen.findByRole('switch', { name: 'Image per language' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(screen.getByLabelText('value')).toHaveTextContent(JSON.stringify(LOGO));
  });

  it('is disabled for icons, saying why', async () => {
    renderField(LOGO, 'icon');
    expect(await screen.findByRole('switch', { name: 'Image per language' })).toBeDisabled();
    expect(screen.getByText('Icon images cannot be translated')).toBeInTheDocument();
  });
});
