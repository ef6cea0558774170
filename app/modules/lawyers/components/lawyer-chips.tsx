import { MapPin } from '~/components/ui/icons';
import { cityLabel, practiceAreaLabel } from '~/modules/catalog/catalog';

const SIZE = { sm: 'px-3 py-1 text-xs', md: 'px-3 py-1.5 text-sm' } as const;

/** A lawyer's practice areas as labelled chips. */
export function AreaChips({ areas, size = 'md', label, className = '' }: { areas: string[]; size?: keyof typeof SIZE; label?: string; className?: string }) {
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-2 ${className}`}>
      {areas.map((area) => (
        <li key={area} className={`rounded-full bg-brand-50 font-medium text-brand-800 ${SIZE[size]}`}>
          {practiceAreaLabel(area)}
        </li>
      ))}
    </ul>
  );
}

/** The cities a lawyer serves as chips with a pin. */
export function CityChips({ cities, size = 'md', label, className = '' }: { cities: string[]; size?: keyof typeof SIZE; label?: string; className?: string }) {
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-2 ${className}`}>
      {cities.map((city) => (
        <li key={city} className={`inline-flex items-center gap-1 rounded-full bg-slate-100 font-medium text-slate-800 ${SIZE[size]}`}>
          <MapPin className={size === 'sm' ? 'size-3' : 'size-3.5'} />
          {cityLabel(city)}
        </li>
      ))}
    </ul>
  );
}
