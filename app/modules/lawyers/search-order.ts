import { saoPauloDay } from '~/lib/calendar-day';

/**
 * The daily rotation of search results (docs/product-rules.md, Search): within a plan level, lawyers
 * are listed in the circular order of their fixed random rotation_key, starting from a point that moves
 * every day. The order is stable for a whole day (pages do not shuffle), and as the start point walks
 * around the circle every lawyer of a level reaches the top spots in turn.
 */

export const ROTATION_SPACE = 2147483647;
const GOLDEN_RATIO_FRACTION = 0.6180339887498949;

/** Days since 1970-01-01 in America/Sao_Paulo, the product's calendar. */
export function saoPauloDayNumber(now: Date): number {
  const [y, m, d] = saoPauloDay(now).split('-').map(Number) as [number, number, number];
  return Math.floor(Date.UTC(y, m - 1, d) / 86_400_000);
}

/**
 * Where today's rotation starts. Successive days are spread evenly over the circle (a golden-ratio
 * sequence), so no part of the list waits long for its turn.
 */
export function rotationStart(now: Date): number {
  const x = (saoPauloDayNumber(now) * GOLDEN_RATIO_FRACTION) % 1;
  return Math.floor(x * ROTATION_SPACE);
}
