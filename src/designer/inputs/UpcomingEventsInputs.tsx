import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { UpcomingEventT } from '../../../domain/template/jsonTemplateSchema';
import {
  EVENT_GUIDE_CONTACT_KEYS,
  EVENT_GUIDE_URL_KEYS,
  MAX_UPCOMING_EVENTS,
  type ImageType,
} from '../../../domain/template/limits';
import { ImagePicker } from '../../resources/images/ImagePicker';
import { useDesigner } from '../DesignerContext';
import { useIosTranslate } from '../useIosTranslate';
import { ValueInput } from '../values/ValueInput';
import { FieldListInputs } from './FieldListInputs';
import { ListItems } from './ListItems';
import { LinkGroup } from './LinkInputs';
import { FlagSwitch, TimeZoneInput } from './SemanticObjectInputs';
import { SemanticTagInput } from './SemanticTagInput';
import { withKey, withProperty, withoutItem } from './templateEdits';
import { useErrorMessages } from './useProblems';

type Images = NonNullable<UpcomingEventT['images']>;
type ImageSlot = keyof Images;
/** the project images an upcoming event's image is picked from */
const PICKED_TYPE: Record<ImageSlot, ImageType> = { headerImage: 'artwork', venueMap: 'venueMap' };
const VENUE_TAGS = ['venueName', 'venueRegionName', 'venueRoom', 'admissionLevel'] as const;
const DATE_FLAGS = ['isAllDay', 'isUnannounced', 'isUndetermined'] as const;

/** An upcoming event's image: none, one of the project's images, or the pass's own. */
const UpcomingImageInput = ({
  slot,
  value,
  onChange,
}: {
  slot: ImageSlot;
  value: Images[ImageSlot];
  onChange: (value: Images[ImageSlot]) => void;
}) => {
  const translate = useIosTranslate();
  const { projectId, readOnly } = useDesigner();
  const [picking, setPicking] = useState(false);
  const source = value === undefined ? 'none' : 'imageId' in value ? 'project' : 'reuse';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        label={translate(`upcoming.${slot}`)}
        value={source}
        size="small"
        disabled={readOnly}
        sx={{ minWidth: 200 }}
        helperText={value && 'imageId' in value ? value.imageId : undefined}
        onChange={(event) => {
          if (event.target.value === 'none') onChange(undefined);
          else if (event.target.value === 'reuse') onChange({ reuseExisting: true });
          else setPicking(true);
        }}
      >
        <MenuItem value="none">{translate('upcoming.noImage')}</MenuItem>
        <MenuItem value="project">{translate('upcoming.projectImage')}</MenuItem>
        <MenuItem value="reuse">{translate('upcoming.reuseExisting')}</MenuItem>
      </TextField>
      {source === 'project' && !readOnly && (
        <Button size="small" onClick={() => setPicking(true)}>
          {translate('upcoming.choose')}
        </Button>
      )}
      {picking && (
        <ImagePicker
          open
          projectId={projectId}
          type={PICKED_TYPE[slot]}
          onSelect={(imageId) => {
            onChange({ imageId });
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </Stack>
  );
};

const UpcomingEventInputs = ({ index, event }: { index: number; event: UpcomingEventT }) => {
  const translate = useIosTranslate();
  const { readOnly, update } = useDesigner();
  const path = `/upcomingPassInformation/${index}`;
  const identifierProblems = useErrorMessages(`${path}/identifier`);
  const change = (key: keyof UpcomingEventT, value: unknown) =>
    update((template) => ({
      ...template,
      upcomingPassInformation: (template.upcomingPassInformation ?? []).map((each, at) =>
        at === index ? (withKey(each, key, value) as UpcomingEventT) : each,
      ),
    }));
  const date = event.dateInformation;
  const setDate = (key: string, value: unknown) => change('dateInformation', withKey(date, key, value));
  return (
    <>
      <TextField
        label={translate('upcoming.identifier')}
        value={event.identifier}
        size="small"
        required
        error={identifierProblems.length > 0}
        helperText={identifierProblems[0]}
        slotProps={{ input: { readOnly } }}
        onChange={(change_) => change('identifier', change_.target.value.trim())}
      />
      <ValueInput
        label={translate('upcoming.name')}
        path={`${path}/name`}
        value={event.name}
        onChange={(value) => change('name', value ?? '')}
        kind="string"
        required
        readOnly={readOnly}
      />
      <FlagSwitch
        label={translate('upcoming.isActive')}
        checked={event.isActive === true}
        onChange={(value) => change('isActive', value)}
      />
      <Typography variant="subtitle2">{translate('upcoming.date')}</Typography>
      <ValueInput
        label={translate('semantics.dateInfo.date')}
        path={`${path}/dateInformation/date`}
        value={date?.date}
        onChange={(value) => setDate('date', value)}
        kind="date"
        readOnly={readOnly}
        helperText={translate('semantics.dateHelp')}
      />
      <TimeZoneInput
        path={`${path}/dateInformation/timeZone`}
        value={date?.timeZone}
        onChange={(value) => setDate('timeZone', value)}
      />
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap' }}>
        {DATE_FLAGS.map((flag) => (
          <FlagSwitch
            key={flag}
            label={translate(`semantics.dateInfo.${flag}`)}
            checked={date?.[flag] === true}
            onChange={(value) => setDate(flag, value)}
          />
        ))}
      </Stack>
      <Typography variant="subtitle2">{translate('upcoming.semantics')}</Typography>
      {VENUE_TAGS.map((tag) => (
        <SemanticTagInput
          key={tag}
          tag={tag}
          kind="text"
          base={`${path}/semantics`}
          value={event.semantics?.[tag]}
          onChange={(value) => change('semantics', withKey(event.semantics, tag, value))}
        />
      ))}
      <Typography variant="subtitle2">{translate('upcoming.images')}</Typography>
      {(['headerImage', 'venueMap'] as const).map((slot) => (
        <UpcomingImageInput
          key={slot}
          slot={slot}
          value={event.images?.[slot]}
          onChange={(value) => change('images', withKey(event.images, slot, value))}
        />
      ))}
      <LinkGroup
        title={translate('upcoming.links')}
        urlKeys={EVENT_GUIDE_URL_KEYS}
        contactKeys={EVENT_GUIDE_CONTACT_KEYS}
        path={`${path}/URLs`}
        links={event.URLs}
        onChange={(key, value) => change('URLs', withKey(event.URLs, key, value))}
      />
      <FieldListInputs
        title={translate('upcoming.backFields')}
        path={`${path}/backFields`}
        fields={event.backFields}
        keyPrefix="back"
        onChange={(fields) => change('backFields', fields)}
      />
    </>
  );
};

/** The other events the ticket admits to (iOS 26 upcomingPassInformation), each with its date, venue, images, links and back fields. */
export const UpcomingEventsInputs = () => {
  const translate = useIosTranslate();
  const { jsonTemplate, update } = useDesigner();
  const events = jsonTemplate.upcomingPassInformation ?? [];
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {translate('upcoming.help')}
      </Typography>
      <ListItems
        path="/upcomingPassInformation"
        count={events.length}
        max={MAX_UPCOMING_EVENTS}
        itemName={(number) => translate('upcoming.event', { number })}
        addLabel={translate('upcoming.add')}
        onAdd={() =>
          update((template) => {
            const current = template.upcomingPassInformation ?? [];
            const used = new Set(current.map((each) => each.identifier));
            let number = current.length + 1;
            while (used.has(`event${number}`)) number += 1;
            return {
              ...template,
              upcomingPassInformation: [
                ...current,
                { identifier: `event${number}`, type: 'event', name: '' },
              ],
            };
          })
        }
        onRemove={(index) =>
          update((template) =>
            withProperty(
              template,
              'upcomingPassInformation',
              withoutItem(template.upcomingPassInformation, index),
            ),
          )
        }
        renderItem={(index) => <UpcomingEventInputs index={index} event={events[index]} />}
      />
    </>
  );
};
