import AddIcon from '@mui/icons-material/Add';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, LinearProgress, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { StampedPass } from '../../domain/schemas/stamp';

interface StampedPassPanelProps {
  pass: StampedPass;
  busy: boolean;
  onStamp: (count: number) => void;
  onUndo: () => void;
}

/** The card at the till: holder, count and what remains to the reward, the stamp buttons and the undo. */
export const StampedPassPanel = ({ pass, busy, onStamp, onUndo }: StampedPassPanelProps) => {
  const translate = useTranslate();
  const [count, setCount] = useState(2);
  const many = Math.min(Math.max(Math.trunc(count) || 1, 1), pass.stampsForReward);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box>
        <Typography variant="overline">{translate('app.stamp.holder')}</Typography>
        <Typography variant="h6" data-testid="stamp-holder">
          {pass.holder ?? translate('app.stamp.unknownHolder')}
        </Typography>
      </Box>
      <Box>
        <Typography variant="h4" component="p" data-testid="stamp-count">
          {translate('app.stamp.count', { stamps: pass.stamps, total: pass.stampsForReward })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, (pass.stamps / pass.stampsForReward) * 100)}
          sx={{ height: 10, borderRadius: 5, my: 1 }}
        />
        <Typography data-testid="stamp-remaining">
          {pass.remaining > 0
            ? translate('app.stamp.remaining', { smart_count: pass.remaining })
            : translate('app.stamp.rewardDue')}
        </Typography>
      </Box>
      <Button
        variant="contained"
        size="large"
        startIcon={<AddIcon />}
        disabled={busy}
        onClick={() => onStamp(1)}
        sx={{ py: 2, fontSize: '1.1rem' }}
      >
        {translate('app.stamp.addOne')}
      </Button>
      {pass.stampsForReward > 1 && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <TextField
            type="number"
            size="small"
            label={translate('app.stamp.howMany')}
            value={count}
            onChange={(event) => setCount(Number(event.target.value))}
            inputProps={{ min: 1, max: pass.stampsForReward, step: 1 }}
            sx={{ width: 100 }}
          />
          <Button variant="outlined" disabled={busy} onClick={() => onStamp(many)} sx={{ flexGrow: 1 }}>
            {translate('app.stamp.addMany', { smart_count: many })}
          </Button>
        </Box>
      )}
      <Button
        color="warning"
        startIcon={<UndoIcon />}
        disabled={busy || pass.lastStampAt === null}
        onClick={onUndo}
      >
        {translate('app.stamp.undo')}
      </Button>
    </Box>
  );
};
