import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Typography } from '@mui/material';
import type { RelevantDateT } from '../../../domain/template/jsonTemplateSchema';
import { MAX_RELEVANT_INTERVAL_MS } from '../../../domain/template/limits';
import { isIsoDateTime } from '../../../domain/template/values';
import { useDesigner } from '../DesignerContext';
import { useIosTranslate } from '../useIosTranslate';
import { ValueInput } from '../values/ValueInput';
import { ListItems } from './ListItems';
import { withItemChange, withProperty, withoutItem } from './templateEdits';

const MAX_RELEVANT_DATES = 50;

/**
 * Is this interval longer than Wallet takes (24 hours)? Only literal dates are measured; a placeholder's is not known.
 *
 * @example isTooLong({ startDate: '2026-06-01T10:00:00Z', endDate: '2026-06-02T12:00:00Z' }) // true
 */
export function isTooLong(relevant: RelevantDateT): boolean {
  if (!('startDate' in relevant)) return false;
  const { startDate, endDate } = relevant;
  if (!isIsoDateTime(startDate) || !isIsoDateTime(endDate)) return false;
  return Date.parse(endDate) - Date.parse(startDate) > MAX_RELEVANT_INTERVAL_MS;
}

/** When the pass comes forward (iOS 18 relevantDates): intervals of at most a day, or single dates. */
export const RelevantDatesInputs = () => {
  const translate = useIosTranslate();
  const { jsonTemplate, readOnly, update } = useDesigner();
  const dates = jsonTemplate.relevantDates ?? [];
  const add = (relevant: RelevantDateT) =>
    update((template) => ({ ...template, relevantDates: [...(template.relevantDates ?? []), relevant] }));
  const change = (index: number, key: string, value: unknown) =>
    update((template) => ({
      ...template,
      relevantDates: withItemChange(template.relevantDates, index, { [key]: value ?? '' }),
    }));
  const dateInput = (index: number, key: string, label: string, value: unknown) => (
    <ValueInput
      key={key}
      label={label}
      path={`/relevantDates/${index}/${key}`}
      value={value}
      onChange={(next) => change(index, key, next)}
      kind="date"
      required
      readOnly={readOnly}
    />
  );
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('relevantDates.help')}
      </Typography>
      <ListItems
        title={translate('relevantDates.title')}
        path="/relevantDates"
        count={dates.length}
        max={MAX_RELEVANT_DATES}
        itemName={(number) =>
          translate(
            'startDate' in (dates[number - 1] ?? {}) ? 'relevantDates.interval' : 'relevantDates.date',
            {
              number,
            },
          )
        }
        addLabel={translate('relevantDates.addInterval')}
        onAdd={() => add({ startDate: '', endDate: '' })}
        onRemove={(index) =>
          update((template) =>
            withProperty(template, 'relevantDates', withoutItem(template.relevantDates, index)),
          )
        }
        renderItem={(index) => {
          const relevant = dates[index];
          if (!('startDate' in relevant))
            return dateInput(index, 'date', translate('relevantDates.single'), relevant.date);
          return (
            <>
              {dateInput(index, 'startDate', translate('relevantDates.startDate'), relevant.startDate)}
              {dateInput(index, 'endDate', translate('relevantDates.endDate'), relevant.endDate)}
              {isTooLong(relevant) && (
                <Typography variant="caption" color="error">
                  {translate('relevantDates.tooLong')}
                </Typography>
              )}
            </>
          );
        }}
      />
      {!readOnly && dates.length < MAX_RELEVANT_DATES && (
        <Button startIcon={<AddIcon />} onClick={() => add({ date: '' })}>
          {translate('relevantDates.addDate')}
        </Button>
      )}
    </Box>
  );
};
