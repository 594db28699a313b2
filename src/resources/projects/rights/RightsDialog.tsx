import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { RIGHT_BITS, hasRight, isValidRightsMask } from '../../../../domain/rights';

/**
 * The rights of one user on the project: a checkbox per right (by its readable name, the constant of the API as
 * its hint), and the resulting number.
 */
export const RightsDialog = ({
  title,
  value,
  onClose,
  onApply,
}: {
  title: string;
  value: number;
  onClose: () => void;
  onApply: (mask: number) => void;
}) => {
  const translate = useTranslate();
  const [mask, setMask] = useState(value);
  const [text, setText] = useState(String(value));
  const valid = text.trim() !== '' && isValidRightsMask(Number(text));

  const set = (next: number) => {
    setMask(next);
    setText(String(next));
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <TextField
          label={translate('app.project.rightsNumber')}
          type="number"
          value={text}
          error={!valid}
          onChange={(event) => {
            setText(event.target.value);
            const next = Number(event.target.value);
            if (event.target.value.trim() !== '' && isValidRightsMask(next)) setMask(next);
          }}
          sx={{ mt: 1, mb: 1 }}
          slotProps={{ htmlInput: { min: 0, 'aria-label': translate('app.project.rightsNumber') } }}
        />
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {RIGHT_BITS.map((bit) => (
            <FormControlLabel
              key={bit.name}
              label={translate(`app.rights.${bit.name}`)}
              title={bit.name}
              control={
                <Checkbox
                  checked={hasRight(mask, bit.value)}
                  onChange={(event) => set(event.target.checked ? mask | bit.value : mask & ~bit.value)}
                />
              }
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.action.cancel')}</Button>
        <Button variant="contained" disabled={!valid} onClick={() => onApply(mask)}>
          {translate('app.action.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
