import { z } from 'zod';
import { formatCalendarDate } from '~/lib/format-date';
import { cityLabel, findCity, practiceAreaLabel } from '~/domain/catalog/catalog';
import { getBlogPost } from '~/modules/content/content.server';
import { landingParamsSchema } from '~/modules/landing/landing.schemas';
import { landingScopeHasLawyers } from '~/modules/landing/landing.server';
import { landingHeading } from '~/modules/landing/landing-texts';
import type { LandingScope } from '~/modules/landing/landing-paths';
import { formatOab } from '~/modules/lawyers/contact';
import { getPublicLawyerProfile } from '~/modules/lawyers/lawyers.server';
import { lawyerSlugSchema } from '~/modules/lawyers/lawyers.schemas';
import type { OgCard } from './og-image.server';

/** What an Open Graph image URL names (og-image-paths.ts): the path after /og/. */
export type OgTarget = { kind: 'profile'; slug: string } | { kind: 'article'; slug: string } | { kind: 'landing'; scope: LandingScope };

const PNG = /^(.+)\.png$/;

/** `advogado/<slug>.png`, `blog/<slug>.png`, `advogados/<local>.png`, `advogados/<area>/<cidade>.png`; anything else fails (404). */
export const ogTargetSchema = z
  .string()
  .max(200)
  .transform((path, ctx): OgTarget => {
    const [kind, ...rest] = path.split('/');
    const last = PNG.exec(rest.at(-1) ?? '')?.[1];
    const segments = last ? [...rest.slice(0, -1), last] : [];
    if ((kind === 'advogado' || kind === 'blog') && segments.length === 1 && lawyerSlugSchema.safeParse(segments[0]).success) {
      return kind === 'advogado' ? { kind: 'profile', slug: segments[0]! } : { kind: 'article', slug: segments[0]! };
    }
    if (kind === 'advogados') {
      const scope = landingParamsSchema.safeParse(segments.length === 1 ? { local: segments[0] } : { area: segments[0], cidade: segments[1] });
      if (scope.success && segments.length <= 2) return { kind: 'landing', scope: scope.data };
    }
    ctx.addIssue({ code: 'custom', message: 'Imagem não encontrada' });
    return z.NEVER;
  });

/**
 * The card of a public page that exists: an approved profile (by its slug), an article, a landing page
 * with approved lawyers. null otherwise: no image for what has no page.
 */
export async function ogCardFor(target: OgTarget, site: { brandName: string; appUrl: string }): Promise<OgCard | null> {
  const base = { brandName: site.brandName, site: new URL(site.appUrl).host };
  if (target.kind === 'profile') {
    const found = await getPublicLawyerProfile(target.slug);
    if (!found || found.matchedBy !== 'slug') return null;
    const { profile } = found;
    return {
      ...base,
      eyebrow: 'Advogado verificado',
      title: profile.nome,
      details: [formatOab(profile.oabUf, profile.numeroOab), profile.areas.map(practiceAreaLabel).join(' · '), profile.cidades.map(cityLabel).join(' · ')],
    };
  }
  if (target.kind === 'article') {
    const post = getBlogPost(target.slug);
    if (!post) return null;
    return { ...base, eyebrow: 'Blog', title: post.title, details: [`${formatCalendarDate(post.date)} · ${post.author}`] };
  }
  const { area, cidade } = target.scope;
  if (!(await landingScopeHasLawyers(target.scope))) return null;
  return {
    ...base,
    eyebrow: 'Encontre um advogado',
    title: landingHeading({ area, city: cidade ? findCity(cidade) : undefined }),
    details: ['Perfis com registro na OAB conferido', 'Fale direto pelo WhatsApp'],
  };
}
