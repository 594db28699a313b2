import { useMemo } from 'react';
import { linkParts } from './linkParts';

/**
 * A back field's attributed value: its `<a href="…">` anchors as real links, everything else as plain text
 * (never parsed as HTML).
 *
 * @example <AttributedText text='See <a href="https://acme.example">our web</a>' />
 */
export const AttributedText = ({ text }: { text: string }) => {
  const parts = useMemo(() => linkParts(text), [text]);
  return (
    <>
      {parts.map((part, index) =>
        'href' in part ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            style={{ color: 'inherit' }}
            // the field around it opens the editor; a link opens the address only
            onClick={(event) => event.stopPropagation()}
          >
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
};
