import { Dialog, Popover } from '@mui/material';
import { useCallback, useId } from 'react';
import type { FieldT } from '../../../domain/template/jsonTemplateSchema';
import { useWindowWidth } from '../../common/useWindowWidth';
import { WIDE_LAYOUT_MIN_PX } from '../../constants';
import { useDesigner } from '../DesignerContext';
import { removeField, replaceField, type FieldPlace } from '../designerRules';
import { FieldEditorContent } from './FieldEditorContent';

export interface FieldEditorProps {
  /** the field to edit; undefined: closed */
  place: FieldPlace | undefined;
  /** the field's element on the card; the popup opens beside it */
  anchor: HTMLElement | null;
  onClose: () => void;
}

/**
 * Edits one field of the pass, live: a popup beside the field on wide screens (over 1240 px), a full-screen
 * window on narrow ones. 'Remove field' removes it and closes; read-only designers only look.
 *
 * @example <FieldEditor place={{ area: 'primaryFields', index: 0 }} anchor={fieldElement} onClose={close} />
 */
export const FieldEditor = ({ place, anchor, onClose }: FieldEditorProps) => {
  const { body, style, updateBody, readOnly } = useDesigner();
  const wide = useWindowWidth() > WIDE_LAYOUT_MIN_PX;
  const titleId = useId();
  const field = place ? body[place.area]?.[place.index] : undefined;

  const change = useCallback(
    (edit: (field: FieldT) => FieldT) => {
      if (!place) return;
      updateBody((current) => {
        const now = current[place.area]?.[place.index];
        return now ? replaceField(current, place, edit(now)) : current;
      });
    },
    [place, updateBody],
  );
  const remove = () => {
    if (!place) return;
    updateBody((current) => removeField(current, place));
    onClose();
  };

  if (!place || !field) return null;
  const content = (
    <FieldEditorContent
      field={field}
      fieldPath={`/${style}/${place.area}/${place.index}`}
      backField={place.area === 'backFields'}
      change={change}
      titleId={titleId}
      readOnly={readOnly}
      onRemove={remove}
      onClose={onClose}
    />
  );
  if (!wide)
    return (
      <Dialog open fullScreen onClose={onClose} aria-labelledby={titleId}>
        {content}
      </Dialog>
    );
  return (
    <Popover
      open
      anchorEl={anchor}
      anchorReference={anchor ? 'anchorEl' : 'none'}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      onClose={onClose}
      sx={anchor ? undefined : { display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: 420, maxWidth: '100vw', maxHeight: '85vh', display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      {content}
    </Popover>
  );
};
