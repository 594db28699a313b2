import { NumberInput } from 'react-admin';
import type { TemplateProblem } from '../../../../domain/template/rules';
import { MAX_BEACONS, MAX_LOCATIONS } from '../../../../domain/template/limits';
import { ProblemList } from '../../../common/ProblemList';
import { RelevanceList, type RelevanceField } from './RelevanceList';
import { TextValueInput } from './TextValueInput';

/** The most locations and beacons a pass may have (Apple Wallet; the template schema says the same). */
/** Where a new location starts: the map's default centre (spec section 7). */
const NEW_LOCATION = { latitude: 50.04, longitude: 14.49 };

const locationFields: RelevanceField[] = [
  { key: 'latitude', kind: 'number' },
  { key: 'longitude', kind: 'number' },
  { key: 'altitude', kind: 'number' },
  { key: 'maxDistance', kind: 'number' },
  { key: 'relevantText', kind: 'textValue' },
];
const beaconFields: RelevanceField[] = [
  { key: 'proximityUUID', kind: 'text' },
  { key: 'major', kind: 'integer' },
  { key: 'minor', kind: 'integer' },
  { key: 'relevantText', kind: 'textValue' },
];

/** Relevance keys: when and where the wallet brings the pass forward (locations, beacons, distance, date). */
export const RelevanceTab = ({
  problems,
  readOnly,
}: {
  problems: readonly TemplateProblem[];
  readOnly: boolean;
}) => (
  <>
    <ProblemList problems={problems} title="app.template.errors" />
    <RelevanceList
      source="jsonTemplate.locations"
      title="app.template.locations"
      addLabel="app.template.addLocation"
      fields={locationFields}
      newItem={() => ({ ...NEW_LOCATION })}
      max={MAX_LOCATIONS}
      readOnly={readOnly}
    />
    <RelevanceList
      source="jsonTemplate.beacons"
      title="app.template.beacons"
      addLabel="app.template.addBeacon"
      fields={beaconFields}
      newItem={() => ({ proximityUUID: '' })}
      max={MAX_BEACONS}
      readOnly={readOnly}
    />
    <NumberInput
      source="jsonTemplate.maxDistance"
      label="app.template.relevance.maxDistance"
      min={0}
      readOnly={readOnly}
    />
    <TextValueInput
      source="jsonTemplate.relevantDate"
      label="app.template.relevance.relevantDate"
      helperText="app.template.relevance.dateHelp"
      readOnly={readOnly}
    />
  </>
);
