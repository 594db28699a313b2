import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { Button, NumberInput, TextInput, useTranslate } from 'react-admin';
import { useFieldArray } from 'react-hook-form';
import { useNotifyResult } from '../../../common/useNotifyResult';
import { TextValueInput } from './TextValueInput';

export interface RelevanceField {
  key: string;
  kind: 'number' | 'integer' | 'text' | 'textValue';
}

export interface RelevanceListProps {
  /** jsonTemplate.locations or jsonTemplate.beacons */
  source: string;
  title: string;
  addLabel: string;
  fields: readonly RelevanceField[];
  /** what Add puts in the list */
  newItem: () => Record<string, unknown>;
  max: number;
  readOnly?: boolean;
}

/**
 * An editable list of locations or beacons. At most `max` items: adding one more (or removing one that
 * is no longer there) shows a notification titled Error (spec section 4).
 */
export const RelevanceList = ({
  source,
  title,
  addLabel,
  fields,
  newItem,
  max,
  readOnly,
}: RelevanceListProps) => {
  const translate = useTranslate();
  const notifyResult = useNotifyResult();
  const { fields: items, append, remove } = useFieldArray({ name: source });
  const fail = (message: string) =>
    notifyResult('error', 'app.template.limitTitle', {}, message, { max, what: translate(title) });

  const add = () => (items.length >= max ? fail('app.template.tooMany') : append(newItem()));
  const removeAt = (index: number) =>
    index < items.length ? remove(index) : fail('app.template.noSuchItem');

  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {translate(title)} ({items.length}/{max})
      </Typography>
      <Stack spacing={1}>
        {items.map((item, index) => (
          <Paper key={item.id} variant="outlined" sx={{ p: 1.5 }}>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
              {fields.map(({ key, kind }) => {
                const props = {
                  source: `${source}.${index}.${key}`,
                  label: `app.template.relevance.${key}`,
                  readOnly,
                  // side by side, not one input a row
                  fullWidth: false,
                  sx: { width: kind === 'text' || kind === 'textValue' ? 320 : 150 },
                };
                if (kind === 'text') return <TextInput key={key} {...props} />;
                if (kind === 'textValue') return <TextValueInput key={key} {...props} />;
                return <NumberInput key={key} {...props} step={kind === 'integer' ? 1 : 'any'} />;
              })}
              {!readOnly && (
                <Tooltip title={translate('app.template.remove')}>
                  <IconButton aria-label={translate('app.template.remove')} onClick={() => removeAt(index)}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
      {!readOnly && (
        <Button label={addLabel} onClick={add} sx={{ mt: 1 }}>
          <AddIcon />
        </Button>
      )}
    </Box>
  );
};
