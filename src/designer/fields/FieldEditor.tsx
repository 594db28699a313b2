import { Dialog, Popover } from '@mui/material';
import { memo, useCallback, useId } from 'react';
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

/** The editor's inputs for the field at a place, following the template as it changes. */
const FieldEditorBody = ({
  place,
  titleId,
  onClose,
}: {
  place: FieldPlace;
  titleId: string;
  onClose: () => void;
}) => {
  const { body, style, updateBody, readOnly } = useDesigner();
  const field = body[place.area]?.[place.index];

  const change = useCallback(
    (edit: (field: FieldT) => FieldT) => {
      updateBody((current) => {
        const now = current[place.area]?.[place.index];
        return now ? replaceField(current, place, edit(now)) : current;
      });
    },
    [place, updateBody],
  );
  const remove = () => {
    updateBody((current) => removeField(current, place));
    onClose();
  };

  if (!field) return null;
  return (
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
};

/**
 * Edits one field of the pass, live: a popup beside the field on wide screens (over 1240 px), a full-screen
 * window on narrow ones. 'Remove field' removes it and closes; read-only designers only look.
 * The popup itself does not follow the template (only its body does): MUI's Popover measures its anchor on
 * every render, which would force a layout per keystroke.
 *
 * @example <FieldEditor place={{ area: 'primaryFields', index: 0 }} anchor={fieldElement} onClose={close} />
 */
export const FieldEditor = memo(({ place, anchor, onClose }: FieldEditorProps) => {
  const wide = useWindowWidth() > WIDE_LAYOUT_MIN_PX;
  const titleId = useId();
  if (!place) return null;
  const content = <FieldEditorBody place={place} titleId={titleId} onClose={onClose} />;
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
});
FieldEditor.displayName = 'FieldEditor';
