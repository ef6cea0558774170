import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatDayMonth } from './report-format';

/**
 * The charts of /admin/reports (docs/decisions/0019). This file is the only one that imports recharts,
 * and /admin/reports loads it with import() once the page is hydrated: the server never renders (nor
 * loads) it, and no other page's chunks contain it. Each chart is drawn inside the page's own
 * <figure role="img" aria-label>, next to a table with the same figures: the SVG itself is decoration
 * for screen readers, so recharts' keyboard layer is off.
 */

const BRAND = '#1e40af'; // brand-700
const WHATSAPP = '#15803d'; // green-700
const GRID = '#e2e8f0'; // slate-200
const TICK = { fill: '#334155', fontSize: 12 }; // slate-700: AA on white

export interface DayCount {
  date: string;
  value: number;
}

/** Leads per day: a bar a day. */
export function DailyBarChart({ days, name }: { days: DayCount[]; name: string }) {
  const rows = days.map((day) => ({ day: formatDayMonth(day.date), value: day.value }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="day" tick={TICK} tickLine={false} />
        <YAxis allowDecimals={false} tick={TICK} tickLine={false} axisLine={false} width={40} tickFormatter={formatCount} />
        <Tooltip formatter={(value) => formatCount(Number(value))} cursor={{ fill: '#eff5ff' }} />
        <Bar dataKey="value" name={name} fill={BRAND} radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** A top list: one horizontal bar per place, the label on the left. */
export function RankingBarChart({ items, name }: { items: Array<{ label: string; leads: number }>; name: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={items} layout="vertical" accessibilityLayer={false} margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={GRID} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={TICK} tickLine={false} tickFormatter={formatCount} />
        <YAxis type="category" dataKey="label" tick={TICK} tickLine={false} width={128} />
        <Tooltip formatter={(value) => formatCount(Number(value))} cursor={{ fill: '#eff5ff' }} />
        <Bar dataKey="leads" name={name} fill={BRAND} radius={[0, 4, 4, 0]} barSize={20} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Profile views and WhatsApp clicks per day: two lines (the clicks dashed, not told apart by colour alone). */
export function ActivityLineChart({ days }: { days: Array<{ date: string; profileViews: number; whatsappClicks: number }> }) {
  const rows = days.map((day) => ({ day: formatDayMonth(day.date), views: day.profileViews, clicks: day.whatsappClicks }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="day" tick={TICK} tickLine={false} minTickGap={16} />
        <YAxis allowDecimals={false} tick={TICK} tickLine={false} axisLine={false} width={40} tickFormatter={formatCount} />
        <Tooltip formatter={(value) => formatCount(Number(value))} />
        <Legend itemSorter={null} wrapperStyle={{ fontSize: 12, color: '#334155' }} />
        <Line type="monotone" dataKey="views" name="Visualizações de perfil" stroke={BRAND} strokeWidth={2} dot={false} isAnimationActive={false} />
        <Line
          type="monotone"
          dataKey="clicks"
          name="Cliques no WhatsApp"
          stroke={WHATSAPP}
          strokeWidth={2}
          strokeDasharray="6 4"
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
