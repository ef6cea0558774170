// The classes the lawyer's avatar, chips and WhatsApp link share between their React components and the
// cards written as strings (lawyer-card-html.ts, docs/decisions/0066). A file of its own: the browser
// bundles of the app's pages take these few strings, not the card writer. The classes are components of
// app/styles/site.css (docs/decisions/0068).

/** A component's class and the ones a caller adds. */
export function withClass(base: string, extra: string | undefined): string {
  return extra ? `${base} ${extra}` : base;
}

export type AvatarSize = 'sm' | 'md' | 'lg';

/** An avatar's classes: a photo, or the initial of the name where there is none. */
export function avatarClass(size: AvatarSize, photo: boolean): string {
  return `avatar avatar-${size} ${photo ? 'avatar-photo' : 'avatar-initial'}`;
}

/** A list of chips. */
export const CHIP_LIST_CLASS = 'chip-list';
/** Chip classes by size. */
export const CHIP_SIZES = { sm: 'chip', md: 'chip chip-md' } as const;
export type ChipSize = keyof typeof CHIP_SIZES;
/** What tells an area chip from a city chip (the city's pin is a mask icon). */
export const CHIP_KINDS = { area: 'chip-area', city: 'chip-city mask-icon mask-icon-pin' } as const;

/** The WhatsApp link's own classes (WhatsAppButton): a caller adds its size and width. */
export const WHATSAPP_LINK_CLASS = 'btn-whatsapp';
export const WHATSAPP_ICON_CLASS = 'mask-icon mask-icon-whatsapp btn-whatsapp-icon';
