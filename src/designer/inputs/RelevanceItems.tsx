import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useNotifyResult } from '../../common/useNotifyResult';
import { useDesigner } from '../DesignerContext';
import { useErrorMessages } from './useProblems';

const t = (key: string) => `app.designer.inputs.relevance.${key}`;

/**
 * A list of locations or beacons, at most `max`: adding one more shows a notification titled Error
 * (spec section 4). Each item is a card with its own inputs and a remove button.
 */
export const RelevanceItems = ({
  name,
  count,
  max,
  onAdd,
  onRemove,
  renderItem,
  selected,
}: {
  name: 'locations' | 'beacons';
  count: number;
  max: number;
  onAdd: () => void;
  onRemove: (index: number) => void;
  renderItem: (index: number) => ReactNode;
  /** the item the map places, outlined */
  selected?: number;
}) => {
  const translate = useTranslate();
  const notifyResult = useNotifyResult();
  const { readOnly } = useDesigner();
  const title = translate(t(name));
  const itemName = name === 'locations' ? 'location' : 'beacon';

  const add = () =>
    count >= max
      ? notifyResult('error', 'app.designer.inputs.errorTitle', {}, t('tooMany'), { max, what: title })
      : onAdd();

  return (
    <Box>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {title} ({count}/{max})
      </Typography>
      <Stack spacing={1}>
        {Array.from({ length: count }, (_, index) => (
          <Paper
            key={index}
            variant="outlined"
            sx={{ p: 1.5, ...(selected === index ? { borderColor: 'primary.main', borderWidth: 2 } : {}) }}
            aria-label={translate(t(itemName), { number: index + 1 })}
            role="group"
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
                {translate(t(itemName), { number: index + 1 })}
              </Typography>
              {!readOnly && (
                <Tooltip title={translate(t('remove'))}>
                  <IconButton
                    size="small"
                    aria-label={`${translate(t('remove'))}: ${translate(t(itemName), { number: index + 1 })}`}
                    onClick={() => onRemove(index)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
            <ItemProblems path={`/${name}/${index}`} />
            {renderItem(index)}
          </Paper>
        ))}
      </Stack>
      {!readOnly && (
        <Button startIcon={<AddIcon />} onClick={add} sx={{ mt: 1 }}>
          {translate(t(name === 'locations' ? 'addLocation' : 'addBeacon'))}
        </Button>
      )}
    </Box>
  );
};

/** Problems of the item as a whole (a missing latitude, say), which no input of it shows. */
const ItemProblems = ({ path }: { path: string }) => {
  const messages = useErrorMessages(path, true);
  return (
    <>
      {messages.map((message) => (
        <Typography key={message} variant="caption" color="error" component="p" sx={{ mb: 1 }}>
          {message}
        </Typography>
      ))}
    </>
  );
};
