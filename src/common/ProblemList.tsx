import { Alert, List, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TemplateProblem } from '../../domain/template/rules';

/** Validation problems by path, as an error (or warning) box; nothing when there are none. */
export const ProblemList = ({
  problems,
  severity = 'error',
  title,
}: {
  problems: readonly TemplateProblem[];
  severity?: 'error' | 'warning';
  title: string;
}) => {
  const translate = useTranslate();
  if (problems.length === 0) return null;
  return (
    <Alert severity={severity} sx={{ mb: 2 }}>
      {translate(title)}
      <List dense disablePadding>
        {problems.map((problem) => (
          <ListItem key={`${problem.path} ${problem.message}`} disableGutters>
            <ListItemText
              primary={problem.message}
              secondary={problem.path || '/'}
              slotProps={{ secondary: { sx: { fontFamily: 'monospace' } } }}
            />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
};
