/** 5400 → "1 h 30 min", 95 → "1 min 35 s". */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return s % 60 > 0 ? `${m} min ${s % 60} s` : `${m} min`;
  return `${s} s`;
}
