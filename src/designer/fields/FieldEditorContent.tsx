import { Button, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import type { FieldT } from '../../../domain/template/jsonTemplateSchema';
import { FieldInputs } from './FieldInputs';

export interface FieldEditorContentProps {
  field: FieldT;
  fieldPath: string;
  backField: boolean;
  change: (edit: (field: FieldT) => FieldT) => void;
  titleId: string;
  readOnly: boolean;
  onRemove: () => void;
  onClose: () => void;
}

/**
 * The field editor's window: title 'Field {key}', the field's inputs (scrolling), Remove field and Close.
 *
 * @example <FieldEditorContent field={field} fieldPath="/storeCard/primaryFields/0" … />
 */
export const FieldEditorContent = ({
  field,
  fieldPath,
  backField,
  change,
  titleId,
  readOnly,
  onRemove,
  onClose,
}: FieldEditorContentProps) => {
  const translate = useTranslate();
  return (
    <>
      <DialogTitle id={titleId}>{translate('app.designer.fields.title', { key: field.key })}</DialogTitle>
      <DialogContent dividers sx={{ overflowY: 'auto' }}>
        <FieldInputs
          field={field}
          fieldPath={fieldPath}
          backField={backField}
          change={change}
          disabled={readOnly}
        />
      </DialogContent>
      <DialogActions>
        {!readOnly && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={onRemove} sx={{ mr: 'auto' }}>
            {translate('app.designer.fields.remove')}
          </Button>
        )}
        <Button onClick={onClose}>{translate('app.designer.fields.close')}</Button>
      </DialogActions>
    </>
  );
};
