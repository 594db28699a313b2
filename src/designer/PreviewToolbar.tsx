import FlipIcon from '@mui/icons-material/Flip';
import { Button, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { languageLabel } from '../../domain/template/languages';
import { useDesigner } from './DesignerContext';
import { isNewDesignStyle } from './designStyles';
import { useIosTranslate } from './useIosTranslate';

export type PreviewSide = 'front' | 'back';

export interface PreviewSettings {
  side: PreviewSide;
  language: string;
  withSampleData: boolean;
  /** a new layout shown as iOS 17 shows it (its classic style) */
  classicView: boolean;
}

/**
 * The preview's own controls: flip between front and back, the preview language (over the template's
 * languages), whether the preview is fed with sample dynamic data instead of the fallbacks, and for today's
 * layouts the iOS 17 view (what older iOS shows instead).
 */
export const PreviewToolbar = ({
  settings,
  onChange,
  backHasErrors,
  frontHasErrors,
}: {
  settings: PreviewSettings;
  onChange: (settings: PreviewSettings) => void;
  frontHasErrors: boolean;
  backHasErrors: boolean;
}) => {
  const translate = useTranslate();
  const translateIos = useIosTranslate();
  const { languages, designStyle } = useDesigner();
  const otherSide: PreviewSide = settings.side === 'front' ? 'back' : 'front';
  const otherHasErrors = otherSide === 'front' ? frontHasErrors : backHasErrors;
  return (
    <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
      <Button
        variant="outlined"
        size="small"
        color={otherHasErrors ? 'error' : 'primary'}
        startIcon={<FlipIcon />}
        onClick={() => onChange({ ...settings, side: otherSide })}
      >
        {translate(`app.designer.layout.show.${otherSide}`)}
      </Button>
      <TextField
        select
        size="small"
        label={translate('app.designer.layout.language')}
        value={languages.includes(settings.language) ? settings.language : languages[0]}
        onChange={(event) => onChange({ ...settings, language: event.target.value })}
        sx={{ minWidth: 140 }}
      >
        {languages.map((language) => (
          <MenuItem key={language} value={language}>
            {languageLabel(language)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch
            size="small"
            checked={settings.withSampleData}
            onChange={(event) => onChange({ ...settings, withSampleData: event.target.checked })}
          />
        }
        label={translate('app.designer.layout.sampleData')}
      />
      {isNewDesignStyle(designStyle) && (
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={settings.classicView}
              onChange={(event) => onChange({ ...settings, classicView: event.target.checked })}
            />
          }
          label={translateIos('preview.classicView')}
        />
      )}
    </Stack>
  );
};

/** English when the template has it (the fallback language), else its first language. */
export const initialPreviewLanguage = (languages: readonly string[]) =>
  languages.includes('en') ? 'en' : (languages[0] ?? 'en');
