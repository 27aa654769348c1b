/**
 * The way to a shop in the maps the admin chose (issue [22], Maps settings' `directionsApp`), from
 * where the customer is when they said so: a link that opens the app or site with the route asked.
 * Pure: the shop page and the order's pickup card build it.
 */
export interface Point {
  latitude: number;
  longitude: number;
}

const at = ({ latitude, longitude }: Point) => `${latitude},${longitude}`;

export function directionsUrl(app: 'google' | 'openstreetmap', to: Point, from?: Point | null): string {
  if (app === 'google') {
    const query = new URLSearchParams({ api: '1', destination: at(to), ...(from ? { origin: at(from) } : {}) });
    return `https://www.google.com/maps/dir/?${query}`;
  }
  // OpenStreetMap's directions: the route «from;to», on foot for a shop nearby; an empty start asks where from.
  const query = new URLSearchParams({ engine: 'fossgis_osrm_foot', route: `${from ? at(from) : ''};${at(to)}` });
  return `https://www.openstreetmap.org/directions?${query}`;
}
