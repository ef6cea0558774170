const SIZE = { sm: 'px-3 py-1 text-xs', md: 'px-3 py-1.5 text-sm' } as const;

// Chips take labels, not catalogue ids: the caller resolves them (on the server for the landing
// pages, whose bundle then does without the catalogue).

/** A lawyer's practice areas as labelled chips. */
export function AreaChips({ labels, size = 'md', label, className = '' }: { labels: string[]; size?: keyof typeof SIZE; label?: string; className?: string }) {
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-2 ${className}`}>
      {labels.map((area) => (
        <li key={area} className={`rounded-full bg-brand-50 font-medium text-brand-800 ${SIZE[size]}`}>
          {area}
        </li>
      ))}
    </ul>
  );
}

/** The cities a lawyer serves as chips with a pin. */
export function CityChips({ labels, size = 'md', label, className = '' }: { labels: string[]; size?: keyof typeof SIZE; label?: string; className?: string }) {
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-2 ${className}`}>
      {labels.map((city) => (
        <li key={city} className={`inline-flex items-center gap-1 rounded-full bg-slate-100 font-medium text-slate-800 ${SIZE[size]}`}>
          <span aria-hidden="true" className={`mask-icon mask-icon-pin inline-flex ${size === 'sm' ? '[--mask-icon-size:0.75rem]' : '[--mask-icon-size:0.875rem]'}`} />
          {city}
        </li>
      ))}
    </ul>
  );
}
