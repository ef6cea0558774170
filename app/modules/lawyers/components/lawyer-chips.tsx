// The chips' look is in app/styles/site.css (.chip, .chip-area, .chip-city): a few bytes a chip.
const SIZE = { sm: 'chip', md: 'chip chip-md' } as const;

// Chips take labels, not catalogue ids: the caller resolves them (on the server for the landing
// pages, whose bundle then does without the catalogue).

/** A lawyer's practice areas as labelled chips. */
export function AreaChips({ labels, size = 'md', label, className = '' }: { labels: string[]; size?: keyof typeof SIZE; label?: string; className?: string }) {
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-2 ${className}`}>
      {labels.map((area) => (
        <li key={area} className={`${SIZE[size]} chip-area`}>
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
        <li key={city} className={`${SIZE[size]} chip-city mask-icon mask-icon-pin`}>
          {city}
        </li>
      ))}
    </ul>
  );
}
