import ErrorIcon from '@mui/icons-material/ErrorOutline';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import { Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDesigner } from './DesignerContext';
import { DESIGNER_AREAS, problemCountByArea } from './designerAreas';

/** One chip per designer area (front fields, back fields, barcodes, relevance keys), red while it holds errors. */
export const DesignerAreaChips = () => {
  const translate = useTranslate();
  const { errors } = useDesigner();
  const counts = problemCountByArea(errors);
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      flexWrap="wrap"
      aria-label={translate('app.designer.areas.title')}
    >
      {DESIGNER_AREAS.map((area) => (
        <Chip
          key={area}
          size="small"
          variant="outlined"
          color={counts[area] > 0 ? 'error' : 'default'}
          icon={counts[area] > 0 ? <ErrorIcon /> : <CheckIcon />}
          label={
            counts[area] > 0
              ? translate('app.designer.areas.withErrors', {
                  area: translate(`app.designer.areas.${area}`),
                  smart_count: counts[area],
                })
              : translate(`app.designer.areas.${area}`)
          }
        />
      ))}
    </Stack>
  );
};
