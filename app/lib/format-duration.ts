// How long something took, as a Brazilian reads it ('2 h 15 min', '3 dias'): the response time of the
// lawyer's dashboard and of the back office. Browser-safe, without Intl (docs/decisions/0028).

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Seconds as '45 min', '2 h', '2 h 15 min', '1 dia 4 h', '3 dias'; under a minute, 'menos de 1 min'. */
export function formatDurationPtBr(seconds: number): string {
  const minutes = Math.round(Math.max(0, seconds) / 60);
  if (minutes < 1) return 'menos de 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  if (days < 3 && hours % 24 !== 0) return `${plural(days, 'dia', 'dias')} ${hours % 24} h`;
  return plural(Math.round(minutes / 1440), 'dia', 'dias');
}
