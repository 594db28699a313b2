import { useState } from 'react';
import { literalText } from './typedValue';

/**
 * The text a person typed, shown for as long as it still stands for the stored value ('1,5' for 1.5); when the
 * value changes elsewhere (undo, another input), the value's own text.
 *
 * @example const [text, setText] = useTypedText(value, (typed) => parseNumberText(typed) ?? typed)
 */
export function useTypedText(
  stored: unknown,
  parse: (text: string) => unknown,
): [text: string, setText: (text: string) => void] {
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const text = typed !== undefined && Object.is(parse(typed), stored) ? typed : literalText(stored);
  return [text, setTyped];
}
