import Box from '@mui/material/Box';
import { memo, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldT } from '../../../domain/template/jsonTemplateSchema';
import type { FieldArea } from '../../../domain/template/limits';
import { AttributedText } from './AttributedText';
import { displayFieldValue, displayText } from './displayValue';
import { fontScale } from './fontScale';
import { samePlace, usePreview } from './PreviewContext';
import { sameJson } from './sameJson';
import { useFieldDrag, useFieldDrop } from './useFieldDnd';

/** How a field is drawn, after Wallet: a header field, a big primary field (over a strip or not), a back field… */
export type FieldVariant = 'header' | 'primary' | 'stripPrimary' | 'boardingPrimary' | 'regular' | 'back';
export type Alignment = 'left' | 'center' | 'right';

const FONT_SIZES: Record<FieldVariant, { label: number; value: number; weight: number }> = {
  header: { label: 9, value: 17, weight: 400 },
  primary: { label: 11, value: 28, weight: 300 },
  stripPrimary: { label: 12, value: 38, weight: 300 },
  boardingPrimary: { label: 11, value: 32, weight: 400 },
  regular: { label: 9, value: 15, weight: 400 },
  back: { label: 12, value: 14, weight: 400 },
};

const ALIGNMENT: Record<string, Alignment | undefined> = {
  PKTextAlignmentLeft: 'left',
  PKTextAlignmentCenter: 'center',
  PKTextAlignmentRight: 'right',
};

export interface PreviewFieldProps {
  field: FieldT;
  area: FieldArea;
  index: number;
  variant: FieldVariant;
  /** the width the value may take: its font scales to fill it */
  slotWidth: number;
  /** the alignment of the area, when the field asks for the natural one */
  align: Alignment;
}

const sameProps = (before: PreviewFieldProps, after: PreviewFieldProps) =>
  before.area === after.area &&
  before.index === after.index &&
  before.variant === after.variant &&
  before.slotWidth === after.slotWidth &&
  before.align === after.align &&
  sameJson(before.field, after.field);

/**
 * One field of the pass as Wallet draws it (label and value), a button that opens its editor and a handle
 * to drag it to another place. Memoised by content: typing in one field redraws that field only.
 */
export const PreviewField = memo(function PreviewField({
  field,
  area,
  index,
  variant,
  slotWidth,
  align,
}: PreviewFieldProps) {
  const translate = useTranslate();
  const { language, sampleData, foregroundColor, labelColor, selected, actions } = usePreview();
  const place = useMemo(() => ({ area, index }), [area, index]);
  const element = useRef<HTMLDivElement>(null);
  const [{ isDragging }, drag] = useFieldDrag(place);
  const [{ canDrop, isOver }, drop] = useFieldDrop(area, index);
  drag(drop(element));

  const label = useMemo(
    () => displayText(field.label, language, sampleData),
    [field.label, language, sampleData],
  );
  const value = useMemo(() => displayFieldValue(field, language, sampleData), [field, language, sampleData]);
  const attributed = useMemo(
    () =>
      variant === 'back' && 'attributedValue' in field && field.attributedValue !== undefined
        ? displayText(field.attributedValue, language, sampleData)
        : undefined,
    [field, variant, language, sampleData],
  );

  useEffect(() => {
    if (element.current && actions.takePendingEdit(place)) actions.edit(place, element.current);
  }, [actions, place]);

  const fonts = FONT_SIZES[variant];
  const scale = variant === 'back' ? 1 : fontScale(value, fonts.value, slotWidth);
  const edit = () => element.current && actions.edit(place, element.current);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    edit();
  };

  const labelText = (
    <Box
      component="span"
      sx={{
        display: 'block',
        color: labelColor,
        fontSize: fonts.label,
        fontWeight: 600,
        letterSpacing: '0.03em',
        textTransform: variant === 'back' ? 'none' : 'uppercase',
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
      }}
    >
      {label || '\u00a0'}
    </Box>
  );
  const valueText = (
    <Box
      component="span"
      // inline: a size per text would add a style rule per keystroke, and each makes the browser restyle the page
      style={{ fontSize: Math.round(fonts.value * scale * 10) / 10 }}
      sx={{
        display: 'block',
        color: foregroundColor,
        fontWeight: fonts.weight,
        lineHeight: 1.2,
        ...(variant === 'back'
          ? { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }
          : { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }),
      }}
    >
      {attributed !== undefined ? <AttributedText text={attributed} /> : value || '\u00a0'}
    </Box>
  );

  return (
    <Box
      ref={element}
      role="button"
      tabIndex={0}
      aria-label={translate('app.designer.preview.editField', { key: field.key })}
      onClick={edit}
      onKeyDown={onKeyDown}
      sx={{
        minWidth: 0,
        flex: variant === 'back' ? undefined : '1 1 0',
        textAlign: ALIGNMENT[field.textAlignment ?? ''] ?? align,
        cursor: 'pointer',
        borderRadius: '4px',
        px: '2px',
        opacity: isDragging ? 0.4 : 1,
        outline: samePlace(selected, place) ? '2px solid #2196f3' : 'none',
        outlineOffset: '1px',
        backgroundColor: isOver && canDrop ? 'rgba(127,127,127,0.3)' : 'transparent',
        '&:focus-visible': { outline: '2px solid #90caf9' },
      }}
    >
      {variant === 'stripPrimary' ? (
        <>
          {valueText}
          {labelText}
        </>
      ) : (
        <>
          {labelText}
          {valueText}
        </>
      )}
    </Box>
  );
}, sameProps);
