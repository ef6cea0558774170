import { CITIES, PRACTICE_AREAS } from '~/domain/catalog/catalog';
import { generateDemoLawyers } from '~/modules/demo/demo-lawyers';

/**
 * The (area, city) pairs no approved demo lawyer serves, in catalogue order: a test that needs a place
 * of its own takes one. Files share the server, so each takes a different one and names it here:
 * admin-lead-assignment.e2e.ts the middle (a request nobody serves), trust.e2e.ts a quarter of the way in
 * (lawyers it approves there would serve that request).
 */
export const UNSERVED_PLACES = (() => {
  const demo = generateDemoLawyers(120);
  // The demo login's lawyer (DEMO_LAWYER of demo-seed.server.ts, which would open the database here).
  const ana = { areas: ['familia', 'consumidor'], cities: ['sp_sao_paulo', 'sp_campinas'] };
  const served = (area: string, city: string) =>
    demo.some((l) => l.status === 'approved' && (l.areas as string[]).includes(area) && l.cities.includes(city)) || (ana.areas.includes(area) && ana.cities.includes(city));
  return PRACTICE_AREAS.flatMap((area) => CITIES.filter((city) => !served(area.id, city.id)).map((city) => ({ area, city })));
})();

export const unservedPlace = (fraction: number) => UNSERVED_PLACES[Math.floor(UNSERVED_PLACES.length * fraction)]!;
