import { useTranslate } from 'react-admin';
import { useDesigner } from '../DesignerContext';
import { ValueInput } from '../values/ValueInput';
import { withProperty } from './templateEdits';

const COLOURS = ['backgroundColor', 'foregroundColor', 'labelColor'] as const;

/** The pass's three colours, rgb(r, g, b) or a colour placeholder with its fallback. */
export const ColourInputs = () => {
  const translate = useTranslate();
  const { jsonTemplate, readOnly, update } = useDesigner();
  return (
    <>
      {COLOURS.map((colour) => (
        <ValueInput
          key={colour}
          label={translate(`app.designer.inputs.colours.${colour}`)}
          path={`/${colour}`}
          value={jsonTemplate[colour]}
          onChange={(value) =>
            update((template) => withProperty(template, colour, value as (typeof template)[typeof colour]))
          }
          kind="color"
          fallbackRequired
          readOnly={readOnly}
        />
      ))}
    </>
  );
};
