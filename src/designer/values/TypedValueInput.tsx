import { Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { hasPlaceholder } from '../../../domain/template/values';
import { useDesigner } from '../DesignerContext';
import { NO_PROBLEMS, problemsByInput, withRequiredMessage } from './inputProblems';
import { ColorSwatch, DateTimePicker } from './NativePickers';
import { PlaceholderMenu, placeholdersFor } from './PlaceholderMenu';
import { isWrappedValue } from './textValue';
import { literalOf, storedTyped, withFallback, type TypedKind } from './typedValue';
import { useTypedText } from './useTypedText';
import { ValueTextField } from './ValueTextField';
import { useRuleMessages } from './useRuleMessages';

export interface TypedValueInputProps {
  label: string;
  path: string;
  value: unknown;
  onChange: (value: unknown) => void;
  kind: TypedKind;
  required: boolean;
  /** an empty fallback of a placeholder is an error ('Fallback value cannot be empty') */
  fallbackRequired: boolean;
  disabled: boolean;
  helperText?: string;
}

/** The browser's own picker for a kind, beside its text; none for numbers or while the text is a placeholder. */
const pickerFor = (kind: TypedKind, text: string, onText: (text: string) => void, disabled: boolean) => {
  if (hasPlaceholder(text)) return undefined;
  if (kind === 'color') return <ColorSwatch text={text} onText={onText} disabled={disabled} />;
  if (kind === 'date') return <DateTimePicker text={text} onText={onText} disabled={disabled} />;
  return undefined;
};

/**
 * A number, date or colour: a literal typed as text (a number with a comma too; kept as typed until complete),
 * or a whole `#{name}` placeholder with a fallback literal of the same kind.
 *
 * @example <TypedValueInput label="Background" path="/backgroundColor" value={color} onChange={setColor} kind="color" required disabled={false} />
 */
export const TypedValueInput = ({
  label,
  path,
  value,
  onChange,
  kind,
  required,
  fallbackRequired,
  disabled,
  helperText,
}: TypedValueInputProps) => {
  const translate = useTranslate();
  const ruleMessages = useRuleMessages();
  const { placeholders, errors, warnings } = useDesigner();
  const wrapped = isWrappedValue(value) ? value : undefined;
  const [text, setText] = useTypedText(wrapped ? wrapped.value : value, (typed) =>
    hasPlaceholder(typed) ? typed : literalOf(kind, typed, required),
  );
  const [fallbackText, setFallbackText] = useTypedText(wrapped?.fallback, (typed) =>
    literalOf(kind, typed, false),
  );
  const mainPath = wrapped ? '/value' : '';
  const problems = problemsByInput(errors, warnings, path, [mainPath, '/fallback']);
  const mainProblems = withRequiredMessage(
    problems.get(mainPath) ?? NO_PROBLEMS,
    required && text === '',
    ruleMessages.fillValue,
  );

  const changeText = (typed: string) => {
    setText(typed);
    onChange(storedTyped(kind, typed, value, required));
  };
  const changeFallback = (typed: string) => {
    setFallbackText(typed);
    if (wrapped) onChange(withFallback(kind, wrapped, typed));
  };

  return (
    <>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <ValueTextField
          label={label}
          text={text}
          onText={changeText}
          problems={mainProblems}
          disabled={disabled}
          helperText={helperText}
          adornment={pickerFor(kind, text, changeText, disabled)}
        />
        <PlaceholderMenu
          placeholders={placeholdersFor(kind, placeholders)}
          onInsert={changeText}
          disabled={disabled}
        />
      </Stack>
      {wrapped && (
        <ValueTextField
          label={translate('app.designer.fields.valueInput.fallback')}
          text={fallbackText}
          onText={changeFallback}
          problems={withRequiredMessage(
            problems.get('/fallback') ?? NO_PROBLEMS,
            fallbackRequired && fallbackText === '',
            ruleMessages.fallbackEmpty,
          )}
          helperText={
            fallbackRequired ? undefined : translate('app.designer.fields.valueInput.fallbackOptional')
          }
          disabled={disabled}
          adornment={pickerFor(kind, fallbackText, changeFallback, disabled)}
        />
      )}
    </>
  );
};
