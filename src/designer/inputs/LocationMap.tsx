/// <reference types="vite/client" />
// (the reference lets the tests' type check, which imports this file lazily, know what a CSS import is)
import { Box } from '@mui/material';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { DEFAULT_MAP_CENTRE, DEFAULT_MAP_ZOOM, type MapPoint } from './mapDefaults';

export interface LocationMapProps {
  /** tile address with {z}/{x}/{y} (MAP_TILE_URL) */
  tileUrl: string;
  label: string;
  locations: readonly MapPoint[];
  selected: number | undefined;
  onSelect: (index: number) => void;
  /** a click on the map; none while the template is read-only */
  onPlace?: (point: MapPoint) => void;
}

const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const attributionOf = (tileUrl: string) =>
  /openstreetmap\.(org|fr|de)\//.test(tileUrl) ? OSM_ATTRIBUTION : '';
const latLngOf = (point: MapPoint): L.LatLngTuple => [point.latitude, point.longitude];
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * A Leaflet map of the pass's locations: a marker per location (the selected one filled), a click places the
 * selected location. Markers are circles, which need no image files. Loaded lazily, with Leaflet's CSS.
 */
export default function LocationMap({
  tileUrl,
  label,
  locations,
  selected,
  onSelect,
  onPlace,
}: LocationMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  // the map's own handlers are bound once; they call the latest props
  const handlers = useRef({ onSelect, onPlace });
  useLayoutEffect(() => {
    handlers.current = { onSelect, onPlace };
  });

  useEffect(() => {
    if (!container.current) return undefined;
    const created = L.map(container.current).setView(latLngOf(DEFAULT_MAP_CENTRE), DEFAULT_MAP_ZOOM);
    L.tileLayer(tileUrl, { maxZoom: 19, attribution: attributionOf(tileUrl) }).addTo(created);
    markers.current = L.layerGroup().addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) =>
      handlers.current.onPlace?.({ latitude: round(event.latlng.lat), longitude: round(event.latlng.lng) }),
    );
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      markers.current = null;
    };
  }, [tileUrl]);

  useEffect(() => {
    const layer = markers.current;
    if (!layer) return;
    layer.clearLayers();
    locations.forEach((location, index) => {
      if (!Number.isFinite(location.latitude) || !Number.isFinite(location.longitude)) return;
      const isSelected = index === selected;
      L.circleMarker(latLngOf(location), {
        radius: isSelected ? 9 : 7,
        color: '#1565c0',
        weight: 2,
        fillOpacity: isSelected ? 0.9 : 0.3,
      })
        .on('click', (event) => {
          L.DomEvent.stopPropagation(event);
          handlers.current.onSelect(index);
        })
        .addTo(layer);
    });
  }, [locations, selected]);

  // a newly selected location comes into view
  const latest = useRef(locations);
  useLayoutEffect(() => {
    latest.current = locations;
  });
  useEffect(() => {
    const point = selected !== undefined ? latest.current[selected] : undefined;
    if (map.current && point) map.current.panTo(latLngOf(point));
  }, [selected]);

  return (
    <Box
      ref={container}
      role="application"
      aria-label={label}
      sx={{ height: 320, width: '100%', border: 1, borderColor: 'divider', borderRadius: 1 }}
    />
  );
}
