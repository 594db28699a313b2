import { Box, Button, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { AuditEntry } from '../../domain/schemas/audit';
import { SHORT, entryChanges, shortValue, valueText, type PathChange } from './historyDiff';

/** The most lines an entry shows: the rest are counted ("… 12 more"). */
const MAX_LINES = 50;

const isLong = (value: unknown) => valueText(value, SHORT).length > SHORT;

/** `path: before → after`, long values cut, with "Show all" to read them whole. */
const ChangeLine = ({ change }: { change: PathChange }) => {
  const translate = useTranslate();
  const [whole, setWhole] = useState(false);
  const text = whole ? valueText : shortValue;
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', minWidth: 0 }}>
        {`${change.path}: ${text(change.before)} → ${text(change.after)}`}
      </Typography>
      {(isLong(change.before) || isLong(change.after)) && (
        <Button
          size="small"
          aria-expanded={whole}
          onClick={() => setWhole(!whole)}
          sx={{ flexShrink: 0, py: 0, minWidth: 0 }}
        >
          {translate(whole ? 'app.history.showLess' : 'app.history.showAll')}
        </Button>
      )}
    </Box>
  );
};

/**
 * What an audit entry changed, a line per changed value down to the key (`jsonTemplate.primaryFields[0].label.en:
 * Member → Club member`), the first 50 of them.
 *
 * @example <HistoryChanges entry={entry} />
 */
export const HistoryChanges = ({ entry }: { entry: AuditEntry }) => {
  const translate = useTranslate();
  const { shown, more } = useMemo(() => entryChanges(entry, MAX_LINES), [entry]);
  return (
    <>
      {shown.map((change) => (
        <ChangeLine key={change.path} change={change} />
      ))}
      {more > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('app.history.morePaths', { smart_count: more })}
        </Typography>
      )}
    </>
  );
};
