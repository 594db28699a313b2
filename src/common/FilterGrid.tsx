import { Box } from '@mui/material';
import { cloneElement, startTransition, useEffect, useState, type ReactElement } from 'react';
import { FilterForm, useListContext } from 'react-admin';
import { FILTER_ROW_PX } from '../constants';
import { filterColumns } from './filterColumns';
import { useWindowWidth } from './useWindowWidth';

/**
 * The list's filter form laid out on a grid: as many columns as filterColumns() gives for the window.
 * Every filter is always shown; changing one sets the filter and goes back to page 1 (react-admin).
 *
 * The form comes right after the list's first rows, once they are painted: its inputs (pickers, date fields) are the
 * heaviest part of a list to render, and before the rows they would also render again with each step of the list's
 * loading. Until then an empty space of the form's height (its rows and its bottom padding) keeps the table in place.
 */
export const FilterGrid = ({ filters }: { filters: ReactElement<{ alwaysOn?: boolean }>[] }) => {
  const columns = filterColumns(useWindowWidth());
  const { isPending } = useListContext();
  const [shown, setShown] = useState(!isPending);
  useEffect(() => {
    // a transition: rendered in a task of its own, after the rows were painted
    if (!isPending) startTransition(() => setShown(true));
  }, [isPending]);
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
      {!shown ? (
        <Box
          sx={{
            height: Math.ceil(filters.length / columns) * FILTER_ROW_PX,
            pb: 0.5,
            boxSizing: 'content-box',
          }}
        />
      ) : (
        <FilterForm filters={filters.map((filter) => cloneElement(filter, { alwaysOn: true }))} />
      )}
    </Box>
  );
};
