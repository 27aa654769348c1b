import { describe, expect, it } from 'vitest';
import { directionsUrl } from './directions.js';

const shop = { latitude: 41.8955, longitude: 12.4995 };
const customer = { latitude: 41.9, longitude: 12.48 };

describe('the way to a shop (issue [22])', () => {
  it('opens Google Maps with the route from the customer, or to the shop alone', () => {
    expect(directionsUrl('google', shop, customer)).toBe('https://www.google.com/maps/dir/?api=1&destination=41.8955%2C12.4995&origin=41.9%2C12.48');
    expect(directionsUrl('google', shop)).toBe('https://www.google.com/maps/dir/?api=1&destination=41.8955%2C12.4995');
  });

  it('opens OpenStreetMap’s directions on foot, the start left to ask when unknown', () => {
    expect(directionsUrl('openstreetmap', shop, customer)).toBe('https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=41.9%2C12.48%3B41.8955%2C12.4995');
    expect(directionsUrl('openstreetmap', shop, null)).toBe('https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=%3B41.8955%2C12.4995');
  });
});
