import { Alert, Box, Button, Card, CardContent, LinearProgress, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useCanAccess, useGetList, useStore, useTranslate } from 'react-admin';
import type { StampCard } from '../../domain/schemas/stampCard';
import { AccessDeniedPage } from '../pages/ErrorPage';
import { CodeForm } from './CodeForm';
import { RewardIssued } from './RewardIssued';
import { StampedPassPanel } from './StampedPassPanel';
import { useTill } from './useTill';

export const STAMP_RESOURCE = 'stamp';
const CARD_RESOURCE = 'passes/stampCard';

/**
 * /stamp, the till (admins and STAMP_MANAGE holders), made for a phone held in one hand: the stamp card (remembered),
 * a card's code scanned or typed, then its holder and count with buttons to add 1 or N stamps and to undo the last.
 */
export const StampPage = () => {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: STAMP_RESOURCE, action: 'list' });
  const [cardId, setCardId] = useStore<string>('stamp.cardId', '');
  const { data: cards = [], isPending } = useGetList<StampCard & { id: string }>(
    CARD_RESOURCE,
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'name', order: 'ASC' },
      filter: { active: true },
    },
    { enabled: canAccess === true },
  );
  const chosen = cards.find((card) => card.id === cardId) ?? (cards.length === 1 ? cards[0] : undefined);
  const till = useTill(chosen?.id);
  const { clear } = till;
  const [round, setRound] = useState(0);
  useEffect(() => clear(), [chosen?.id, clear]);
  const nextCard = () => {
    clear();
    setRound((now) => now + 1);
  };

  if (canAccess === false) return <AccessDeniedPage />;
  const { pass, reward, error, busy } = till.state;
  return (
    <Card sx={{ maxWidth: 520, mx: 'auto' }}>
      {(busy || isPending) && <LinearProgress />}
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {!isPending && cards.length === 0 ? (
          <Alert severity="info">{translate('app.stamp.noCards')}</Alert>
        ) : (
          <TextField
            select
            size="small"
            label={translate('app.stamp.card')}
            value={chosen?.id ?? ''}
            onChange={(event) => setCardId(event.target.value)}
          >
            {cards.map((card) => (
              <MenuItem key={card.id} value={card.id}>
                {card.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {chosen && (
          <CodeForm key={`${chosen.id}-${round}`} onCode={(code) => void till.find(code)} disabled={busy} />
        )}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {reward && <RewardIssued rewardPassId={reward.rewardPassId} />}
        {pass && (
          <StampedPassPanel
            pass={pass}
            busy={busy}
            onStamp={(count) => void till.stamp(count)}
            onUndo={() => void till.undo()}
          />
        )}
        {pass && (
          <Box sx={{ textAlign: 'center' }}>
            <Button onClick={nextCard}>{translate('app.stamp.nextCard')}</Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
