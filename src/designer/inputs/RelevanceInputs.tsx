import { Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { Suspense, lazy, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { JsonTemplateT } from '../../../domain/template/jsonTemplateSchema';
import { useConfig } from '../../config';
import { MAX_BEACONS, MAX_LOCATIONS } from '../../../domain/template/limits';
import { useDesigner } from '../DesignerContext';
import { ValueInput } from '../values/ValueInput';
import { DEFAULT_MAP_CENTRE, type MapPoint } from './mapDefaults';
import { NumberTextField } from './NumberTextField';
import { RelevanceItems } from './RelevanceItems';
import { RelevantDatesInputs } from './RelevantDatesInputs';
import { withItemChange, withProperty, withoutItem } from './templateEdits';
import { useErrorMessages } from './useProblems';

type LocationT = NonNullable<JsonTemplateT['locations']>[number];
type BeaconT = NonNullable<JsonTemplateT['beacons']>[number];
const t = (key: string) => `app.designer.inputs.relevance.${key}`;

// Leaflet (and its CSS) is loaded only when a map is configured.
const LocationMap = lazy(() => import('./LocationMap'));

const Locations = () => {
  const translate = useTranslate();
  const { mapTileUrl } = useConfig();
  const { jsonTemplate, readOnly, update } = useDesigner();
  const locations = jsonTemplate.locations ?? [];
  const [selected, setSelected] = useState<number | undefined>(locations.length ? 0 : undefined);
  const withMap = Boolean(mapTileUrl);
  const selectedIndex = selected !== undefined && selected < locations.length ? selected : undefined;

  const change = (index: number, value: Partial<LocationT>) =>
    update((template) => ({ ...template, locations: withItemChange(template.locations, index, value) }));
  const add = (at: MapPoint = DEFAULT_MAP_CENTRE) => {
    update((template) => ({ ...template, locations: [...(template.locations ?? []), { ...at }] }));
    setSelected(locations.length);
  };
  const remove = (index: number) => {
    update((template) => withProperty(template, 'locations', withoutItem(template.locations, index)));
    setSelected(undefined);
  };
  const place = (at: MapPoint) => {
    if (selectedIndex !== undefined) change(selectedIndex, at);
    else if (locations.length < MAX_LOCATIONS) add(at);
  };

  return (
    <>
      {withMap && (
        <Stack spacing={0.5}>
          <Suspense fallback={<CircularProgress size={24} />}>
            <LocationMap
              tileUrl={mapTileUrl}
              label={translate(t('map'))}
              locations={locations}
              selected={selectedIndex}
              onSelect={setSelected}
              onPlace={readOnly ? undefined : place}
            />
          </Suspense>
          {!readOnly && (
            <Typography variant="caption" color="text.secondary">
              {translate(t('mapHint'))}
            </Typography>
          )}
        </Stack>
      )}
      <RelevanceItems
        name="locations"
        count={locations.length}
        max={MAX_LOCATIONS}
        onAdd={() => add()}
        onRemove={remove}
        selected={withMap ? selectedIndex : undefined}
        renderItem={(index) => {
          const location = locations[index];
          const path = `/locations/${index}`;
          return (
            <Stack spacing={1.5}>
              <Stack
                direction="row"
                spacing={1.5}
                useFlexGap
                sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
              >
                {(['latitude', 'longitude', 'altitude'] as const).map((key) => (
                  <NumberTextField
                    key={key}
                    label={translate(t(key))}
                    path={`${path}/${key}`}
                    value={location[key]}
                    onChange={(value) => change(index, { [key]: value })}
                    readOnly={readOnly}
                    sx={{ width: 150 }}
                  />
                ))}
                {withMap && !readOnly && selectedIndex !== index && (
                  <Button size="small" onClick={() => setSelected(index)}>
                    {translate(t('selectOnMap'))}
                  </Button>
                )}
              </Stack>
              <ValueInput
                label={translate(t('relevantText'))}
                path={`${path}/relevantText`}
                value={location.relevantText}
                onChange={(value) => change(index, { relevantText: value as LocationT['relevantText'] })}
                kind="string"
                fallbackRequired
                readOnly={readOnly}
              />
            </Stack>
          );
        }}
      />
    </>
  );
};

const Beacons = () => {
  const { jsonTemplate, update } = useDesigner();
  const beacons = jsonTemplate.beacons ?? [];
  const change = (index: number, value: Partial<BeaconT>) =>
    update((template) => ({ ...template, beacons: withItemChange(template.beacons, index, value) }));

  return (
    <RelevanceItems
      name="beacons"
      count={beacons.length}
      max={MAX_BEACONS}
      onAdd={() =>
        update((template) => ({ ...template, beacons: [...(template.beacons ?? []), { proximityUUID: '' }] }))
      }
      onRemove={(index) =>
        update((template) => withProperty(template, 'beacons', withoutItem(template.beacons, index)))
      }
      renderItem={(index) => (
        <BeaconInputs beacon={beacons[index]} index={index} onChange={(value) => change(index, value)} />
      )}
    />
  );
};

const BeaconInputs = ({
  beacon,
  index,
  onChange,
}: {
  beacon: BeaconT;
  index: number;
  onChange: (value: Partial<BeaconT>) => void;
}) => {
  const translate = useTranslate();
  const { readOnly } = useDesigner();
  const path = `/beacons/${index}`;
  const uuidProblems = useErrorMessages(`${path}/proximityUUID`);
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label={translate(t('proximityUUID'))}
          value={beacon.proximityUUID}
          size="small"
          required
          error={uuidProblems.length > 0}
          helperText={uuidProblems[0]}
          sx={{ width: 340 }}
          slotProps={{ input: { readOnly } }}
          onChange={(event) => onChange({ proximityUUID: event.target.value.trim() })}
        />
        {(['major', 'minor'] as const).map((key) => (
          <NumberTextField
            key={key}
            label={translate(t(key))}
            path={`${path}/${key}`}
            value={beacon[key]}
            onChange={(value) => onChange({ [key]: value })}
            integer
            readOnly={readOnly}
            sx={{ width: 120 }}
          />
        ))}
      </Stack>
      <ValueInput
        label={translate(t('relevantText'))}
        path={`${path}/relevantText`}
        value={beacon.relevantText}
        onChange={(value) => onChange({ relevantText: value as BeaconT['relevantText'] })}
        kind="string"
        fallbackRequired
        readOnly={readOnly}
      />
    </Stack>
  );
};

/**
 * Where and when the pass comes forward: the maximum distance, the relevant dates (iOS 18), the locations (on a map
 * when configured), the beacons.
 */
export const RelevanceInputs = () => {
  const translate = useTranslate();
  const { jsonTemplate, readOnly, update } = useDesigner();
  return (
    <>
      <NumberTextField
        label={translate(t('maxDistance'))}
        path="/maxDistance"
        value={jsonTemplate.maxDistance}
        onChange={(value) => update((template) => withProperty(template, 'maxDistance', value))}
        readOnly={readOnly}
        sx={{ width: 220 }}
      />
      <RelevantDatesInputs />
      <Locations />
      <Beacons />
    </>
  );
};
