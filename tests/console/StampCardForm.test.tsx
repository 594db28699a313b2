import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { P1, admin, memoryDataProvider, renderConsole } from './harness';
import { T1, aTemplate } from './passFixtures';

const CARD = '44444444-4444-4444-8444-444444444444';
const STAMP = '2026-01-01T00:00:00.000Z';

function openCard(rewardValidDays: number | null) {
  const data = memoryDataProvider();
  data.tables.template = [aTemplate()];
  data.tables.stampCard = [
    {
      id: CARD,
      name: 'Coffee',
      projectId: P1,
      templateId: T1,
      stampsForReward: 5,
      rewardTemplateId: null,
      countField: 'stamps',
      active: true,
      rewardValidDays,
      createdAt: STAMP,
      updatedAt: STAMP,
      deletedAt: null,
    },
  ];
  Object.assign(data.provider, { getStamps: jest.fn(async () => ({ data: [], totalCount: 0 })) });
  renderConsole({ path: `/passes/stampCard/${CARD}`, viewer: admin, dataProvider: data.dataProvider });
  return data;
}

describe('stamp card form', () => {
  it('saves the days a reward is valid, explained under the input', async () => {
    const { provider } = openCard(null);
    const days = await screen.findByLabelText('Days the reward is valid');
    expect(days).toHaveValue(null);
    expect(
      screen.getByText('Days the reward coupon stays valid from its issue; empty: it never expires.'),
    ).toBeInTheDocument();
    fireEvent.change(days, { target: { value: '30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data).toMatchObject({ rewardValidDays: 30 });
  });

  it('saves an emptied number of days as no end', async () => {
    const { provider } = openCard(90);
    const days = await screen.findByLabelText('Days the reward is valid');
    expect(days).toHaveValue(90);
    await userEvent.clear(days);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data).toMatchObject({ rewardValidDays: null });
  });
});
