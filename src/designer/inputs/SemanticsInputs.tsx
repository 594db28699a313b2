import { Stack, Typography } from '@mui/material';
import type { SemanticTagsT } from '../../../domain/template/semanticTags';
import {
  POSTER_EVENT_REQUIRED_TAGS,
  POSTER_PERFORMANCE_REQUIRED_TAGS,
  POSTER_SPORTS_REQUIRED_TAGS,
  SEMANTIC_BOARDING_REQUIRED_TAGS,
} from '../../../domain/template/limits';
import { useDesigner } from '../DesignerContext';
import { classicStyleOf, type DesignStyle } from '../designStyles';
import { useIosTranslate } from '../useIosTranslate';
import {
  EventDateInfoInputs,
  PerformerInputs,
  PersonNameInputs,
  VenueLocationInputs,
} from './SemanticObjectInputs';
import { SeatsInputs } from './SeatsInputs';
import { SemanticTagInput, type TagKind } from './SemanticTagInput';
import { withKey, withProperty } from './templateEdits';

type Tag = keyof SemanticTagsT;
type Part = readonly [Tag, TagKind] | 'startInfo' | 'location' | 'performers' | 'passengerName';
interface Group {
  title: string;
  parts: readonly Part[];
  /** shown only when this says so (teams: a sports event, or teams already given) */
  when?: (semantics: SemanticTagsT) => boolean;
}

const EVENT_GROUPS: readonly Group[] = [
  {
    title: 'event',
    parts: [
      ['eventName', 'text'],
      ['eventType', 'eventType'],
      ['eventStartDate', 'date'],
      ['eventEndDate', 'date'],
      'startInfo',
    ],
  },
  {
    title: 'venue',
    parts: [
      ['venueName', 'text'],
      ['venueRegionName', 'text'],
      ['venueRoom', 'text'],
      ['venueEntrance', 'text'],
      ['venueDoorsOpenDate', 'date'],
      'location',
    ],
  },
  {
    title: 'sports',
    parts: [
      ['homeTeamName', 'text'],
      ['homeTeamAbbreviation', 'text'],
      ['awayTeamName', 'text'],
      ['awayTeamAbbreviation', 'text'],
    ],
    when: (semantics) =>
      semantics.eventType === 'PKEventTypeSports' ||
      semantics.homeTeamAbbreviation !== undefined ||
      semantics.awayTeamAbbreviation !== undefined,
  },
  { title: 'people', parts: ['performers', ['attendeeName', 'text'], ['admissionLevel', 'text']] },
];

const FLIGHT_GROUPS: readonly Group[] = [
  {
    title: 'flight',
    parts: [
      ['airlineCode', 'text'],
      ['flightNumber', 'number'],
      ['confirmationNumber', 'text'],
      ['boardingGroup', 'text'],
    ],
  },
  {
    title: 'departure',
    parts: [
      ['departureAirportCode', 'text'],
      ['departureAirportName', 'text'],
      ['departureCityName', 'text'],
      ['departureLocationTimeZone', 'timeZone'],
      ['departureTerminal', 'text'],
      ['departureGate', 'text'],
    ],
  },
  {
    title: 'destination',
    parts: [
      ['destinationAirportCode', 'text'],
      ['destinationAirportName', 'text'],
      ['destinationCityName', 'text'],
      ['destinationLocationTimeZone', 'timeZone'],
      ['destinationTerminal', 'text'],
      ['destinationGate', 'text'],
    ],
  },
  {
    title: 'dates',
    parts: [
      ['originalBoardingDate', 'date'],
      ['originalDepartureDate', 'date'],
      ['originalArrivalDate', 'date'],
    ],
  },
  { title: 'passenger', parts: ['passengerName'] },
];

/**
 * The tags a layout cannot do without: a poster event ticket's (with a sports event's teams or a live
 * performance's performers), a semantic boarding pass's; none for the classic styles.
 *
 * @example requiredTags('posterEventTicket', { eventType: 'PKEventTypeSports' }).has('homeTeamAbbreviation') // true
 */
export function requiredTags(style: DesignStyle | undefined, semantics: SemanticTagsT): ReadonlySet<string> {
  if (style === 'semanticBoardingPass') return new Set(SEMANTIC_BOARDING_REQUIRED_TAGS);
  if (style !== 'posterEventTicket') return new Set();
  return new Set<string>([
    ...POSTER_EVENT_REQUIRED_TAGS,
    ...(semantics.eventType === 'PKEventTypeSports' ? POSTER_SPORTS_REQUIRED_TAGS : []),
    ...(semantics.eventType === 'PKEventTypeLivePerformance' ? POSTER_PERFORMANCE_REQUIRED_TAGS : []),
  ]);
}

/**
 * The semantic tags that matter for the layout, in groups: an event ticket's event, venue, teams, performers and
 * seats; a boarding pass's flight, airports, dates, passenger and seats. Tags the layout needs are marked. Other
 * tags the template holds stay as they are.
 */
export const SemanticsInputs = () => {
  const translate = useIosTranslate();
  const { jsonTemplate, designStyle, update } = useDesigner();
  const semantics = jsonTemplate.semantics ?? {};
  const base = '/semantics';
  const required = requiredTags(designStyle, semantics);
  const set = (tag: Tag, value: unknown) =>
    update((template) => withProperty(template, 'semantics', withKey(template.semantics, tag, value)));
  const groups = designStyle && classicStyleOf(designStyle) === 'boardingPass' ? FLIGHT_GROUPS : EVENT_GROUPS;

  const partInput = (part: Part) => {
    switch (part) {
      case 'startInfo':
        return <EventDateInfoInputs key={part} base={base} semantics={semantics} set={set} />;
      case 'location':
        return <VenueLocationInputs key={part} base={base} semantics={semantics} set={set} />;
      case 'performers':
        return (
          <PerformerInputs
            key={part}
            base={base}
            semantics={semantics}
            set={set}
            required={required.has('performerNames')}
          />
        );
      case 'passengerName':
        return (
          <PersonNameInputs
            key={part}
            base={base}
            semantics={semantics}
            set={set}
            required={required.has('passengerName')}
          />
        );
      default: {
        const [tag, kind] = part;
        return (
          <SemanticTagInput
            key={tag}
            tag={tag}
            kind={kind}
            base={base}
            value={semantics[tag]}
            onChange={(value) => set(tag, value)}
            required={required.has(tag)}
          />
        );
      }
    }
  };

  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {translate('semantics.help')}
      </Typography>
      {groups
        .filter((group) => !group.when || group.when(semantics))
        .map((group) => (
          <Stack
            key={group.title}
            spacing={1}
            role="group"
            aria-label={translate(`semantics.${group.title}`)}
          >
            <Typography variant="subtitle1">{translate(`semantics.${group.title}`)}</Typography>
            {group.parts.map(partInput)}
          </Stack>
        ))}
      <SeatsInputs />
    </>
  );
};
