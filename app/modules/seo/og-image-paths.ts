/**
 * Where the Open Graph images of the public pages are served (app/routes/resources/og-image.ts).
 * Browser-safe: route meta functions build the og:image tags with these.
 */
import { landingPath, type LandingScope } from '~/modules/landing/landing-paths';

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

/** A profile's card; `version` (from its last change) changes the URL whenever the card may change, so no cache keeps an old one. */
export function profileOgImagePath(slug: string, version: string): string {
  return `/og/advogado/${slug}.png?v=${version}`;
}

export function articleOgImagePath(slug: string): string {
  return `/og/blog/${slug}.png`;
}

export function landingOgImagePath(scope: LandingScope): string {
  return `/og${landingPath(scope)}.png`;
}

/** A short, URL-safe version of a moment: its seconds since 1970 in base 36. */
export function imageVersion(changedAt: Date): string {
  return Math.floor(changedAt.getTime() / 1000).toString(36);
}
