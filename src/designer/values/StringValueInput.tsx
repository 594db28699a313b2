import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useRef } from 'react';
import { useTranslate } from 'react-admin';
import { languageLabel } from '../../../domain/template/languages';
import { useDesigner } from '../DesignerContext';
import { NO_PROBLEMS, problemsByInput, withRequiredMessage } from './inputProblems';
import { PlaceholderMenu } from './PlaceholderMenu';
import {
  isEmptyText,
  isPerLanguage,
  perLanguage,
  singleText,
  storedText,
  textIn,
  textPartsOf,
  withText,
  type Texts,
} from './textValue';
import { ValueTextField } from './ValueTextField';
import { useRuleMessages } from './useRuleMessages';

export interface StringValueInputProps {
  label: string;
  path: string;
  value: unknown;
  onChange: (value: unknown) => void;
  required: boolean;
  /** an empty fallback of a placeholder is an error ('Fallback value cannot be empty') */
  fallbackRequired: boolean;
  disabled: boolean;
  helperText?: string;
  /** no per-language switch: the text is one for every language */
  singleLanguage?: boolean;
}

/** The path of an input below the value: the wrapped value's or the fallback's, and the language's. */
const inputPath = (part: '' | '/value' | '/fallback', language: string | undefined) =>
  `${part}${language === undefined ? '' : `/${language}`}`;

/**
 * A text of the pass.json: plain or per language, wrapped with a fallback while it holds a `#{name}`
 * placeholder (the fallback's inputs appear then), unwrapped when the last placeholder goes.
 *
 * @example <StringValueInput label="Label" path="/storeCard/primaryFields/0/label" value={label} onChange={setLabel} required={false} disabled={false} />
 */
export const StringValueInput = ({
  label,
  path,
  value,
  onChange,
  required,
  fallbackRequired,
  disabled,
  helperText,
  singleLanguage = false,
}: StringValueInputProps) => {
  const translate = useTranslate();
  const ruleMessages = useRuleMessages();
  const { languages, placeholders, errors, warnings } = useDesigner();
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const lastFocused = useRef<string | undefined>(undefined);

  const parts = textPartsOf(value);
  const byLanguage = isPerLanguage(parts.value);
  const inputLanguages: Array<string | undefined> = byLanguage ? [...languages] : [undefined];
  const valuePart = parts.wrapped ? '/value' : '';
  const problems = problemsByInput(errors, warnings, path, [
    ...inputLanguages.map((language) => inputPath(valuePart, language)),
    ...inputLanguages.map((language) => inputPath('/fallback', language)),
  ]);
  const problemsOf = (part: '' | '/value' | '/fallback', language: string | undefined) =>
    problems.get(inputPath(part, language)) ?? NO_PROBLEMS;
  const valueProblems = (language: string | undefined) =>
    withRequiredMessage(
      problemsOf(valuePart, language),
      required && language === undefined && textIn(parts.value) === '',
      ruleMessages.fillValue,
    );

  const change = (next: { value: Texts; fallback?: Texts }) => onChange(storedText(next, { required }));
  const changeValue = (language: string | undefined, text: string) =>
    change({ value: withText(parts.value, language, text, languages), fallback: parts.fallback });
  const changeFallback = (language: string | undefined, text: string) =>
    change({ value: parts.value, fallback: withText(parts.fallback, language, text, languages) });
  const switchPerLanguage = (on: boolean) => {
    const shape = (texts: Texts) => (on ? perLanguage(texts, languages) : singleText(texts, languages));
    change({
      value: shape(parts.value),
      fallback: parts.fallback === undefined ? undefined : shape(parts.fallback),
    });
  };

  /** The placeholder goes where the caret was in the last text typed into (at the end if none was). */
  const insertPlaceholder = (placeholder: string) => {
    const focused = lastFocused.current;
    const language = byLanguage
      ? focused && languages.includes(focused)
        ? focused
        : languages[0]
      : undefined;
    const element = inputs.current.get(language ?? '');
    const text = textIn(parts.value, language);
    const start = (focused !== undefined ? element?.selectionStart : undefined) ?? text.length;
    const end = (focused !== undefined ? element?.selectionEnd : undefined) ?? start;
    changeValue(language, `${text.slice(0, start)}${placeholder}${text.slice(end)}`);
    const caret = start + placeholder.length;
    setTimeout(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    }, 0);
  };

  const keyOf = (language: string | undefined) => language ?? '';
  const fallbackLabel = (language: string | undefined) =>
    language === undefined
      ? translate('app.designer.fields.valueInput.fallback')
      : translate('app.designer.fields.valueInput.fallbackIn', { language: languageLabel(language) });

  return (
    <>
      {byLanguage && <Typography variant="caption">{label}</Typography>}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Stack sx={{ flex: 1 }}>
          {inputLanguages.map((language, index) => (
            <ValueTextField
              key={keyOf(language)}
              label={language === undefined ? label : languageLabel(language)}
              text={textIn(parts.value, language)}
              onText={(text) => changeValue(language, text)}
              problems={valueProblems(language)}
              disabled={disabled}
              helperText={index === 0 ? helperText : undefined}
              inputRef={(element: HTMLInputElement | null) => {
                if (element) inputs.current.set(keyOf(language), element);
                else inputs.current.delete(keyOf(language));
              }}
              onFocus={() => (lastFocused.current = keyOf(language))}
            />
          ))}
        </Stack>
        <PlaceholderMenu placeholders={placeholders} onInsert={insertPlaceholder} disabled={disabled} />
      </Stack>
      {!singleLanguage && (languages.length > 1 || byLanguage) && (
        <FormControlLabel
          disabled={disabled}
          control={
            <Switch checked={byLanguage} onChange={(event) => switchPerLanguage(event.target.checked)} />
          }
          label={translate('app.designer.fields.valueInput.perLanguage')}
        />
      )}
      {parts.wrapped &&
        inputLanguages.map((language, index) => (
          <ValueTextField
            key={`fallback-${keyOf(language)}`}
            label={fallbackLabel(language)}
            text={textIn(parts.fallback, language)}
            onText={(text) => changeFallback(language, text)}
            problems={withRequiredMessage(
              problemsOf('/fallback', language),
              fallbackRequired && index === 0 && isEmptyText(parts.fallback),
              ruleMessages.fallbackEmpty,
            )}
            helperText={
              fallbackRequired ? undefined : translate('app.designer.fields.valueInput.fallbackOptional')
            }
            disabled={disabled}
          />
        ))}
    </>
  );
};
