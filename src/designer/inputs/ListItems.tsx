import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useDesigner } from '../DesignerContext';
import { useIosTranslate } from '../useIosTranslate';
import { useErrorMessages } from './useProblems';

/**
 * A list of the pass.json (seats, actions, upcoming events, fields…): a card per item with its inputs and a
 * remove button, and an add button while the list has room. Problems of an item as a whole show on its card.
 *
 * @example <ListItems title="Seats" path="/semantics/seats" count={2} max={100} itemName={(n) => `Seat ${n}`} addLabel="Add seat" onAdd={add} onRemove={remove} renderItem={(i) => <SeatInputs index={i} />} />
 */
export const ListItems = ({
  title,
  path,
  count,
  max,
  itemName,
  addLabel,
  onAdd,
  onRemove,
  renderItem,
}: {
  title?: string;
  /** the list's pass.json path; an item's is path/index */
  path: string;
  count: number;
  max: number;
  itemName: (number: number) => string;
  addLabel: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  renderItem: (index: number) => ReactNode;
}) => {
  const translate = useIosTranslate();
  const { readOnly } = useDesigner();
  const listProblems = useErrorMessages(path, true);
  return (
    <Box>
      {title && (
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          {title} ({count}/{max})
        </Typography>
      )}
      <Problems messages={listProblems} />
      <Stack spacing={1}>
        {Array.from({ length: count }, (_, index) => (
          <Paper key={index} variant="outlined" sx={{ p: 1.5 }} aria-label={itemName(index + 1)} role="group">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
                {itemName(index + 1)}
              </Typography>
              {!readOnly && (
                <Tooltip title={translate('remove')}>
                  <IconButton
                    size="small"
                    aria-label={`${translate('remove')}: ${itemName(index + 1)}`}
                    onClick={() => onRemove(index)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
            <ItemProblems path={`${path}/${index}`} />
            <Stack spacing={1}>{renderItem(index)}</Stack>
          </Paper>
        ))}
      </Stack>
      {!readOnly && count < max && (
        <Button startIcon={<AddIcon />} onClick={onAdd} sx={{ mt: 1 }}>
          {addLabel}
        </Button>
      )}
    </Box>
  );
};

const Problems = ({ messages }: { messages: readonly string[] }) => (
  <>
    {messages.map((message) => (
      <Typography key={message} variant="caption" color="error" component="p" sx={{ mb: 1 }}>
        {message}
      </Typography>
    ))}
  </>
);

/** Problems of the item as a whole (a missing identifier, say), which no input of it shows. */
const ItemProblems = ({ path }: { path: string }) => <Problems messages={useErrorMessages(path, true)} />;
