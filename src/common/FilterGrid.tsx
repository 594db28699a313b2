import { Box } from '@mui/material';
import { cloneElement, type ReactElement } from 'react';
import { FilterForm } from 'react-admin';
import { filterColumns } from './filterColumns';
import { useWindowWidth } from './useWindowWidth';

/**
 * The list's filter form laid out on a grid: as many columns as filterColumns() gives for the window.
 * Every filter is always shown; changing one sets the filter and goes back to page 1 (react-admin).
 */
export const FilterGrid = ({ filters }: { filters: ReactElement<{ alwaysOn?: boolean }>[] }) => {
  const columns = filterColumns(useWindowWidth());
  return (
    <Box
      sx={{
        px: 2,
        pt: 1,
        '& form': {
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          columnGap: 2,
          alignItems: 'end',
          minHeight: 0,
        },
        '& .filter-field': { width: '100%' },
        '& .filter-field > .MuiFormControl-root, & .filter-field .MuiTextField-root': { width: '100%' },
        '& .RaFilterForm-clearFix': { display: 'none' },
      }}
    >
      <FilterForm filters={filters.map((filter) => cloneElement(filter, { alwaysOn: true }))} />
    </Box>
  );
};
