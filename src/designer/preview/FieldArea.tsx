import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import { Fragment, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldArea as Area } from '../../../domain/template/limits';
import { roomIn } from '../designerRules';
import { useDesigner } from '../DesignerContext';
import { usePreview } from './PreviewContext';
import { PreviewField, type Alignment, type FieldVariant } from './PreviewField';
import { useFieldDrop } from './useFieldDnd';

export interface FieldAreaProps {
  area: Area;
  variant: FieldVariant;
  /** the width of the row the area's fields share, in pixels */
  rowWidth: number;
  /** how many fields share the row, when other areas share it too (storeCard's secondary and auxiliary) */
  rowFieldCount?: number;
  /** the alignment of fields asking for the natural one; by default the last of several aligns right */
  align?: Alignment;
  /** drawn after the first field: the transit icon between a boarding pass's origin and destination */
  separator?: ReactNode;
  direction?: 'row' | 'column';
  /** the back side has its own, wider add button */
  hideAddButton?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * An area of the pass (header, primary… fields): its fields in a row, a drop target for dragged fields and,
 * while it has room, a "+" that adds a field and opens its editor.
 */
export const FieldArea = ({
  area,
  variant,
  rowWidth,
  rowFieldCount,
  align,
  separator,
  direction = 'row',
  hideAddButton = false,
  sx,
}: FieldAreaProps) => {
  const translate = useTranslate();
  const { style, body } = useDesigner();
  const { readOnly, actions } = usePreview();
  const [{ canDrop, isOver }, drop] = useFieldDrop(area);

  const fields = body[area] ?? [];
  const room = style ? roomIn(style, body, area) : 0;
  const slotWidth = rowWidth / Math.max(1, rowFieldCount ?? fields.length);
  const alignOf = (index: number): Alignment =>
    align ?? (fields.length > 1 && index === fields.length - 1 ? 'right' : 'left');

  return (
    <Box
      ref={(node: HTMLDivElement | null) => {
        drop(node);
      }}
      role="group"
      aria-label={translate(`app.designer.preview.areas.${area}`)}
      sx={[
        {
          display: 'flex',
          flexDirection: direction,
          alignItems: direction === 'row' ? 'center' : 'stretch',
          gap: direction === 'row' ? 1 : 1.5,
          minWidth: 0,
          minHeight: readOnly ? 0 : 24,
          borderRadius: '6px',
          outline: canDrop ? '1px dashed' : 'none',
          outlineColor: 'currentColor',
          backgroundColor: isOver && canDrop ? 'rgba(127,127,127,0.2)' : 'transparent',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {fields.length === 0 && separator}
      {fields.map((field, index) => (
        <Fragment key={`${index}:${field.key}`}>
          <PreviewField
            field={field}
            area={area}
            index={index}
            variant={variant}
            slotWidth={slotWidth}
            align={alignOf(index)}
          />
          {index === 0 && separator}
        </Fragment>
      ))}
      {!readOnly && !hideAddButton && room > 0 && (
        <IconButton
          size="small"
          color="inherit"
          aria-label={translate('app.designer.preview.addField', { area })}
          onClick={() => actions.add(area)}
          sx={{ p: '2px', border: '1px dashed', opacity: 0.7, alignSelf: 'center', flex: '0 0 auto' }}
        >
          <AddIcon sx={{ fontSize: 16 }} />
        </IconButton>
      )}
    </Box>
  );
};
