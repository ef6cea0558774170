import { CHIP_KINDS, CHIP_LIST_CLASS, CHIP_SIZES, withClass, type ChipSize } from './lawyer-markup';

// The chips' look is in app/styles/site.css (.chip-list, .chip, .chip-area, .chip-city): a few bytes a chip.
// Chips take labels, not catalogue ids: the caller resolves them (on the server for the landing
// pages, whose bundle then does without the catalogue). The cards write the same markup as strings
// (lawyer-card-html.ts).

/** A lawyer's practice areas as labelled chips. */
export function AreaChips({ labels, size = 'md', label, className = '' }: { labels: string[]; size?: ChipSize; label?: string; className?: string }) {
  return (
    <ul aria-label={label} className={withClass(CHIP_LIST_CLASS, className)}>
      {labels.map((area) => (
        <li key={area} className={`${CHIP_SIZES[size]} ${CHIP_KINDS.area}`}>
          {area}
        </li>
      ))}
    </ul>
  );
}

/** The cities a lawyer serves as chips with a pin. */
export function CityChips({ labels, size = 'md', label, className = '' }: { labels: string[]; size?: ChipSize; label?: string; className?: string }) {
  return (
    <ul aria-label={label} className={withClass(CHIP_LIST_CLASS, className)}>
      {labels.map((city) => (
        <li key={city} className={`${CHIP_SIZES[size]} ${CHIP_KINDS.city}`}>
          {city}
        </li>
      ))}
    </ul>
  );
}
