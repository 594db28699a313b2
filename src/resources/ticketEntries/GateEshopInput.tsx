import { useQuery } from '@tanstack/react-query';
import { SelectInput, useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProviders/consoleDataProvider';

/** The e-shop filter by name: the e-shops whose tickets the viewer may check (gate staff read no e-shops). */
export const GateEshopInput = ({ source = 'eshopId' }: { source?: string; alwaysOn?: boolean }) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data: eshops = [] } = useQuery({
    queryKey: ['gateEshops'],
    queryFn: () => dataProvider.getGateEshops(),
  });
  return <SelectInput source={source} choices={eshops} optionText="name" />;
};
