import { Box, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useEditContext } from 'react-admin';
import { errorMessage } from '../dataProviders/httpClient';
import { ErrorBox } from './ErrorBox';

/** A spinner while the item loads, then either the error box or the page. */
export const DetailLoader = ({ children }: { children: ReactNode }) => {
  const { isPending, error, record } = useEditContext();
  if (error) return <ErrorBox message={errorMessage(error)} />;
  if (isPending || !record) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="loading" />
      </Box>
    );
  }
  return <>{children}</>;
};
