import { useRecordContext } from 'react-admin';
import type { Widgets } from '../../common/generated/widgets';
import { CardStamps } from './CardStamps';

/** The stamps given on the card of the page at the till. */
const StampsOfCard = () => {
  const card = useRecordContext();
  return card ? <CardStamps cardId={String(card.id)} /> : null;
};

/** The stamp card's own piece: its stamps below its form. */
export const stampCardWidgets: Widgets = { fields: { cardStamps: StampsOfCard } };
