import { MenuItem, TextField, Typography } from '@mui/material';
import type { FeaturedActionT } from '../../../domain/template/jsonTemplateSchema';
import { FEATURED_ACTION_TYPES, MAX_FEATURED_ACTIONS } from '../../../domain/template/limits';
import { useDesigner } from '../DesignerContext';
import { useIosTranslate } from '../useIosTranslate';
import { HttpsInput } from './HttpsInput';
import { ListItems } from './ListItems';
import { withItemChange, withProperty, withoutItem } from './templateEdits';
import { useErrorMessages } from './useProblems';

type ActionType = FeaturedActionT['type'];

/**
 * A featured action of another type: a place is found by its Maps identifier, every other action opens an address,
 * so the one that no longer fits goes.
 *
 * @example withActionType({ identifier: 'a', type: 'shop', url: 'https://…' }, 'place') // { identifier: 'a', type: 'place' }
 */
export function withActionType(action: FeaturedActionT, type: ActionType): FeaturedActionT {
  const { url, placeIdentifier, ...rest } = action;
  return type === 'place'
    ? { ...rest, type, ...(placeIdentifier === undefined ? {} : { placeIdentifier }) }
    : { ...rest, type, ...(url === undefined ? {} : { url }) };
}

const ActionInputs = ({ index, action }: { index: number; action: FeaturedActionT }) => {
  const translate = useIosTranslate();
  const { readOnly, update } = useDesigner();
  const path = `/featuredActions/${index}`;
  const identifierProblems = useErrorMessages(`${path}/identifier`);
  const placeProblems = useErrorMessages(`${path}/placeIdentifier`);
  const replace = (next: FeaturedActionT) =>
    update((template) => ({
      ...template,
      featuredActions: (template.featuredActions ?? []).map((each, at) => (at === index ? next : each)),
    }));
  const change = (value: Partial<FeaturedActionT>) =>
    update((template) => ({
      ...template,
      featuredActions: withItemChange(template.featuredActions, index, value),
    }));
  return (
    <>
      <TextField
        label={translate('actions.identifier')}
        value={action.identifier}
        size="small"
        required
        error={identifierProblems.length > 0}
        helperText={identifierProblems[0]}
        slotProps={{ input: { readOnly } }}
        onChange={(event) => change({ identifier: event.target.value })}
      />
      <TextField
        select
        label={translate('actions.type')}
        value={action.type}
        size="small"
        disabled={readOnly}
        onChange={(event) => replace(withActionType(action, event.target.value as ActionType))}
      >
        {FEATURED_ACTION_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {translate(`actions.types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      {action.type === 'place' ? (
        <TextField
          label={translate('actions.placeIdentifier')}
          value={action.placeIdentifier ?? ''}
          size="small"
          error={placeProblems.length > 0}
          helperText={placeProblems[0]}
          slotProps={{ input: { readOnly } }}
          onChange={(event) => change({ placeIdentifier: event.target.value.trim() || undefined })}
        />
      ) : (
        <HttpsInput
          label={translate('actions.url')}
          path={`${path}/url`}
          value={action.url}
          onChange={(url) => change({ url })}
        />
      )}
    </>
  );
};

/** The pass's featured actions (iOS 27): at most two, each an identifier, one of Apple's types and its address or place. */
export const FeaturedActionsInputs = () => {
  const translate = useIosTranslate();
  const { jsonTemplate, update } = useDesigner();
  const actions = jsonTemplate.featuredActions ?? [];
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {translate('actions.help')}
      </Typography>
      <ListItems
        path="/featuredActions"
        count={actions.length}
        max={MAX_FEATURED_ACTIONS}
        itemName={(number) => translate('actions.action', { number })}
        addLabel={translate('actions.add')}
        onAdd={() =>
          update((template) => ({
            ...template,
            featuredActions: [
              ...(template.featuredActions ?? []),
              { identifier: `action${(template.featuredActions?.length ?? 0) + 1}`, type: 'viewSchedule' },
            ],
          }))
        }
        onRemove={(index) =>
          update((template) =>
            withProperty(template, 'featuredActions', withoutItem(template.featuredActions, index)),
          )
        }
        renderItem={(index) => <ActionInputs index={index} action={actions[index]} />}
      />
    </>
  );
};
