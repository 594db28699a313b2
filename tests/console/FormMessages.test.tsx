import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admin, memoryDataProvider, renderConsole } from './harness';

jest.setTimeout(30_000);

function open(path: string) {
  const data = memoryDataProvider();
  renderConsole({ path, viewer: admin, dataProvider: data.dataProvider });
  return data;
}

describe("create screens speak the spec's form messages (section 5), from the write schema", () => {
  it('names each missing mandatory field and says "Some fields are required!" on Save', async () => {
    const { provider } = open('/identity/user/create');
    // Save waits for a change
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Jana');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please, fill this mandatory field: E-mail')).toBeInTheDocument();
    expect(screen.getByText('Please, fill this mandatory field: Initial password')).toBeInTheDocument();
    expect(await screen.findByText('Some fields are required!')).toBeInTheDocument();
    // react-admin's own words are gone
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    expect(screen.queryByText(/The form is not valid/)).not.toBeInTheDocument();
    expect(provider.create).not.toHaveBeenCalled();
  });

  it('says "Please enter a correct value" with the reason for a value the schema refuses', async () => {
    const { provider } = open('/identity/user/create');
    await userEvent.type(await screen.findByRole('textbox', { name: /E-mail/ }), 'not-an-address');
    await userEvent.type(screen.getByLabelText(/Initial password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Please enter a correct value (must be an e-mail address)'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Please enter a correct value (must be at least 8 characters long)'),
    ).toBeInTheDocument();
    expect(provider.create).not.toHaveBeenCalled();
  });

  it('judges text as the server stores it: trimmed, so a name of spaces is a missing name', async () => {
    const { provider } = open('/identity/apiClient/create');
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), '    ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please, fill this mandatory field: Name')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), ' Shop ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(provider.create).toHaveBeenCalled());
  });
});
