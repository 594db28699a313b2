/** A point of the map, as a location of the pass.json has it. */
export interface MapPoint {
  latitude: number;
  longitude: number;
}

/** Where the location map starts, and where a new location is put (spec section 7). */
export const DEFAULT_MAP_CENTRE: MapPoint = { latitude: 50.04, longitude: 14.49 };
export const DEFAULT_MAP_ZOOM = 15;
