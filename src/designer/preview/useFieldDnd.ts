/** Drag and drop of the preview's fields (react-dnd): fields are sources, areas and fields are targets. */
import { useDrag, useDrop, type ConnectDragSource, type ConnectDropTarget } from 'react-dnd';
import type { FieldArea } from '../../../domain/template/limits';
import type { FieldPlace } from '../designerRules';
import { usePreview } from './PreviewContext';

const PASS_FIELD = 'passbase/pass-field';

interface DraggedField {
  place: FieldPlace;
}

export interface DropState {
  /** a dragged field may be dropped here: the target is highlighted */
  canDrop: boolean;
  /** the dragged field is over this target (or a target inside it) */
  isOver: boolean;
}

/** A field of the preview as a drag source; not draggable when the template is read-only. */
export function useFieldDrag(place: FieldPlace): [{ isDragging: boolean }, ConnectDragSource] {
  const { readOnly } = usePreview();
  const { area, index } = place;
  const [collected, drag] = useDrag(
    () => ({
      type: PASS_FIELD,
      item: (): DraggedField => ({ place: { area, index } }),
      canDrag: () => !readOnly,
      collect: (monitor) => ({ isDragging: monitor.isDragging() }),
    }),
    [area, index, readOnly],
  );
  return [collected, drag];
}

/**
 * A drop target: an area (the field goes to its end) or a field of it (the field takes its place). Accepts
 * only what the designer's rules allow (room left, same side of the pass).
 */
export function useFieldDrop(area: FieldArea, index?: number): [DropState, ConnectDropTarget] {
  const { actions } = usePreview();
  return useDrop(
    () => ({
      accept: PASS_FIELD,
      canDrop: (item: DraggedField) => actions.canMove(item.place, area),
      drop: (item: DraggedField, monitor) => {
        // a field inside the area took the drop already
        if (monitor.didDrop()) return;
        const from = item.place;
        const after = index !== undefined && from.area === area && from.index < index;
        actions.move(from, { area, index: index === undefined ? undefined : after ? index + 1 : index });
      },
      collect: (monitor) => ({ canDrop: monitor.canDrop(), isOver: monitor.isOver() }),
    }),
    [actions, area, index],
  );
}
