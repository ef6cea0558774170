// The classes the lawyer's avatar, chips and WhatsApp link share between their React components and the
// cards written as strings (lawyer-card-html.ts, docs/decisions/0066). A file of its own: the browser
// bundles of the app's pages take these few strings, not the card writer.

const AVATAR_SIZES = { sm: 'size-10 text-lg', md: 'size-16 text-2xl', lg: 'size-28 text-5xl md:size-32' } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

/** Tailwind classes of an avatar size (LawyerAvatar uses the same table). */
export function avatarSizeClass(size: AvatarSize): string {
  return AVATAR_SIZES[size];
}

/** Chip classes by size (app/styles/site.css). */
export const CHIP_SIZES = { sm: 'chip', md: 'chip chip-md' } as const;
export type ChipSize = keyof typeof CHIP_SIZES;
/** What tells an area chip from a city chip (the city's pin is a mask icon). */
export const CHIP_KINDS = { area: 'chip-area', city: 'chip-city mask-icon mask-icon-pin' } as const;

/** The WhatsApp link's own classes (WhatsAppButton): a caller adds its size and width. */
export const WHATSAPP_LINK_CLASS = 'inline-flex items-center justify-center gap-2 rounded-md bg-whatsapp px-4 py-2.5 font-semibold text-white transition-colors hover:bg-whatsapp-hover';
export const WHATSAPP_ICON_CLASS = 'mask-icon mask-icon-whatsapp inline-flex [--mask-icon-size:1.25rem]';
