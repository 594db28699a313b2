import { Stack } from '@mui/material';
import type { SeatT } from '../../../domain/template/semanticTags';
import { MAX_SEATS } from '../../../domain/template/limits';
import { useDesigner } from '../DesignerContext';
import { useIosTranslate } from '../useIosTranslate';
import { ValueInput } from '../values/ValueInput';
import { ListItems } from './ListItems';
import { withKey, withoutItem } from './templateEdits';

const SEAT_PARTS = [
  'seatSection',
  'seatRow',
  'seatNumber',
  'seatType',
  'seatDescription',
  'seatIdentifier',
  'seatLevel',
  'seatAisle',
] as const;

/**
 * The seats of a ticket (semantics.seats): a card per seat with its section, row, number, type and description
 * (identifier, level and aisle too), each a text that may take a placeholder; seats are added and removed.
 *
 * @example <SeatsInputs />
 */
export const SeatsInputs = () => {
  const translate = useIosTranslate();
  const { jsonTemplate, readOnly, update } = useDesigner();
  const seats = jsonTemplate.semantics?.seats ?? [];
  const setSeats = (next: SeatT[] | undefined) =>
    update((template) => {
      const semantics = withKey(template.semantics, 'seats', next);
      const { semantics: _previous, ...rest } = template;
      return semantics ? { ...rest, semantics } : rest;
    });
  const change = (index: number, part: string, value: unknown) =>
    setSeats(seats.map((seat, at) => (at === index ? (withKey(seat, part, value) ?? {}) : seat)));

  return (
    <ListItems
      title={translate('seats.title')}
      path="/semantics/seats"
      count={seats.length}
      max={MAX_SEATS}
      itemName={(number) => translate('seats.seat', { number })}
      addLabel={translate('seats.add')}
      onAdd={() => setSeats([...seats, { seatNumber: '' }])}
      onRemove={(index) => setSeats(withoutItem(seats, index))}
      renderItem={(index) => (
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          {SEAT_PARTS.map((part) => (
            <Stack key={part} sx={{ width: part === 'seatDescription' ? '100%' : 160 }}>
              <ValueInput
                label={translate(`seats.${part}`)}
                path={`/semantics/seats/${index}/${part}`}
                value={seats[index][part]}
                onChange={(value) => change(index, part, value)}
                kind="string"
                singleLanguage
                readOnly={readOnly}
              />
            </Stack>
          ))}
        </Stack>
      )}
    />
  );
};
