import type { TranslationMessages } from 'react-admin';

type Messages = { [key: string]: string | Messages };

/** Deep merge: the later wins, the earlier fill the keys they lack (ra-language-czech lags behind react-admin). */
export function mergeMessages(...layers: object[]): TranslationMessages {
  const merge = (base: Messages, over: Messages): Messages => {
    const result: Messages = { ...base };
    for (const [key, value] of Object.entries(over)) {
      const previous = result[key];
      result[key] =
        typeof value === 'object' && typeof previous === 'object' ? merge(previous, value) : value;
    }
    return result;
  };
  return layers.reduce<Messages>(
    (merged, layer) => merge(merged, layer as Messages),
    {},
  ) as TranslationMessages;
}
