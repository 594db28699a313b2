/** An entity id in a path: 36 characters in 5 dash-separated groups (a UUID). */
export function isEntityIdSegment(segment: string): boolean {
  return segment.length === 36 && segment.split('-').length === 5;
}
