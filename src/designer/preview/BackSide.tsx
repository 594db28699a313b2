import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { useDesigner } from '../DesignerContext';
import { CARD_PADDING, CONTENT_WIDTH } from './cardSizes';
import { FieldArea } from './FieldArea';
import { usePreview } from './PreviewContext';

/** The back of the pass: the back fields as a list, label above value, and a button adding one more. */
export const BackSide = () => {
  const translate = useTranslate();
  const { body } = useDesigner();
  const { readOnly, actions, labelColor } = usePreview();
  const empty = (body.backFields?.length ?? 0) === 0;
  return (
    <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: `${CARD_PADDING}px` }}>
      <FieldArea
        area="backFields"
        variant="back"
        direction="column"
        rowWidth={CONTENT_WIDTH}
        align="left"
        hideAddButton
        sx={{
          '& > [role="button"] + [role="button"]': { borderTop: '1px solid rgba(127,127,127,0.4)', pt: 1.5 },
        }}
      />
      {empty && (
        <Box sx={{ color: labelColor, fontSize: 13, py: 2 }}>
          {translate('app.designer.preview.noBackFields')}
        </Box>
      )}
      {!readOnly && (
        <Button
          size="small"
          color="inherit"
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => actions.add('backFields')}
          sx={{ mt: 2, borderStyle: 'dashed' }}
        >
          {translate('app.designer.preview.addBackField')}
        </Button>
      )}
    </Box>
  );
};
