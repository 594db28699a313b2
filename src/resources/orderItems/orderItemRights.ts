import { Right, can, type RightsHolder } from '../../../domain/rights';

/** Links to an item's pass (and the item) need PASS_READ and PASS_UPDATE on its project; admins always. */
export function canFollowItemLinks(viewer: RightsHolder | null, projectId: string | undefined): boolean {
  if (!viewer) return false;
  return can(viewer, Right.PASS_READ | Right.PASS_UPDATE, projectId);
}

/** The choices of the used entry count: 0..maxEntries. */
export const entryCountChoices = (maxEntries: number) =>
  Array.from({ length: Math.max(0, maxEntries) + 1 }, (_unused, count) => ({
    id: count,
    name: String(count),
  }));
