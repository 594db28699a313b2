import { createContext, useContext, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { FieldArea } from '../../../domain/template/limits';
import { addField, canMoveField, moveField, type FieldPlace } from '../designerRules';
import { useDesigner } from '../DesignerContext';
import { displayColor, type SampleData } from './displayValue';

/** What a field or an area of the preview may do; stable across renders, so that memoised fields stay still. */
export interface PreviewActions {
  /** opens the field's editor next to its element */
  edit: (place: FieldPlace, anchor: HTMLElement) => void;
  canMove: (from: FieldPlace, to: FieldArea) => boolean;
  /** moves a field before the field at `to`, or to the end of the area when `to.index` is undefined */
  move: (from: FieldPlace, to: { area: FieldArea; index?: number }) => void;
  /** adds a field at the end of the area; its editor opens once it is drawn */
  add: (area: FieldArea) => void;
  /** true once for the field just added, which then opens its editor */
  takePendingEdit: (place: FieldPlace) => boolean;
}

export interface PreviewSettings {
  language: string;
  sampleData: SampleData;
  foregroundColor: string;
  labelColor: string;
  readOnly: boolean;
  selected?: FieldPlace;
  actions: PreviewActions;
}

const PreviewContext = createContext<PreviewSettings | null>(null);

export function usePreview(): PreviewSettings {
  const preview = useContext(PreviewContext);
  if (!preview) throw new Error('usePreview must be used inside <PreviewProvider>.');
  return preview;
}

const DEFAULT_FOREGROUND = 'rgb(0,0,0)';
/** Are two places the same field's? */
export const samePlace = (a: FieldPlace | undefined, b: FieldPlace) =>
  a?.area === b.area && a.index === b.index;

/** Holds what the fields of the preview read: language, sample data, colours, selection and actions. */
export const PreviewProvider = ({
  language,
  sampleData,
  selected,
  onEditField,
  children,
}: {
  language: string;
  sampleData: SampleData;
  selected?: FieldPlace;
  onEditField?: (place: FieldPlace, anchor: HTMLElement) => void;
  children: ReactNode;
}) => {
  const { jsonTemplate, style, body, readOnly, updateBody } = useDesigner();
  // the actions read the latest template through this, so that they never change (see PreviewActions)
  const latest = useRef({ style, body, readOnly, updateBody, onEditField });
  useLayoutEffect(() => {
    latest.current = { style, body, readOnly, updateBody, onEditField };
  });
  const pendingEdit = useRef<FieldPlace | undefined>(undefined);

  const actions = useMemo<PreviewActions>(
    () => ({
      edit: (place, anchor) => latest.current.onEditField?.(place, anchor),
      canMove: (from, to) => {
        const { style, body, readOnly } = latest.current;
        return !readOnly && style !== undefined && canMoveField(style, body, from, to);
      },
      move: (from, to) => {
        const { style, body, readOnly, updateBody } = latest.current;
        if (readOnly || !style || !canMoveField(style, body, from, to.area)) return;
        const index = to.index ?? body[to.area]?.length ?? 0;
        if (from.area === to.area && (index === from.index || index === from.index + 1)) return;
        updateBody((current) =>
          canMoveField(style, current, from, to.area)
            ? moveField(current, from, { area: to.area, index })
            : current,
        );
      },
      add: (area) => {
        const { style, body, readOnly, updateBody } = latest.current;
        if (readOnly || !style || !addField(style, body, area)) return;
        pendingEdit.current = { area, index: body[area]?.length ?? 0 };
        updateBody((current) => addField(style, current, area) ?? current);
      },
      takePendingEdit: (place) => {
        if (!samePlace(pendingEdit.current, place)) return false;
        pendingEdit.current = undefined;
        return true;
      },
    }),
    [],
  );

  // the same sample data, even when handed over as a new copy (the form copies the schema it comes from on
  // every change): else each keystroke would redraw every field
  const sampleJson = JSON.stringify(sampleData ?? {});
  const stableSampleData = useMemo<SampleData>(() => JSON.parse(sampleJson), [sampleJson]);
  const foregroundColor = displayColor(jsonTemplate.foregroundColor, stableSampleData, DEFAULT_FOREGROUND);
  const labelColor = displayColor(jsonTemplate.labelColor, stableSampleData, foregroundColor);
  const selectedArea = selected?.area;
  const selectedIndex = selected?.index;
  const value = useMemo<PreviewSettings>(
    () => ({
      language,
      sampleData: stableSampleData,
      foregroundColor,
      labelColor,
      readOnly,
      selected: selectedArea === undefined ? undefined : { area: selectedArea, index: selectedIndex ?? 0 },
      actions,
    }),
    [language, stableSampleData, foregroundColor, labelColor, readOnly, selectedArea, selectedIndex, actions],
  );
  return <PreviewContext.Provider value={value}>{children}</PreviewContext.Provider>;
};
