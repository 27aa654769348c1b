import type { PeriodicJob, ProcessDeps } from '../../platform/module.js';
import { readGoogleMapsSettings } from '../settings/queries.js';
import { forgetDetails, keepDetails, placesToRefresh, removeStaleDetails } from './details.js';
import { placeDetails } from './places.js';

/** Places asked of Google a run: a few at a time, the oldest first (the job runs every minute). */
const perRun = 20;

/**
 * Google's details of the linked shops kept within its caching rules (issue [22]): asked again a
 * week after the last time, never shown past 30 days and then removed, as are those of places no
 * shop links; nothing is asked while Places is off (what is kept still ages out).
 */
export async function refreshGooglePlaces(
  deps: Pick<ProcessDeps, 'pool' | 'db' | 'config'>,
  now: Date,
): Promise<{ refreshed: number; gone: number; removed: number; failed: number }> {
  const report = { refreshed: 0, gone: 0, removed: await removeStaleDetails(deps.pool, now), failed: 0 };
  const settings = await readGoogleMapsSettings(deps.db);
  if (!settings.placesEnabled || !settings.apiKey) return report;
  const access = { apiKey: settings.apiKey, baseUrl: deps.config.GOOGLE_MAPS_API_URL };
  for (const placeId of await placesToRefresh(deps.pool, now, perRun)) {
    try {
      const details = await placeDetails(access, placeId);
      if (details) {
        await keepDetails(deps.pool, placeId, details, now);
        report.refreshed++;
      } else {
        await forgetDetails(deps.pool, placeId);
        report.gone++;
      }
    } catch {
      // Google not answering now: the next run asks again, and what is kept ages out meanwhile.
      report.failed++;
      break;
    }
  }
  return report;
}

export const googlePlacesUpkeepJob: PeriodicJob = {
  name: 'google places upkeep',
  async run(deps, now, logger) {
    const report = await refreshGooglePlaces(deps, now);
    if (report.refreshed || report.gone || report.removed || report.failed) logger?.info(report, 'google places refreshed');
  },
};
