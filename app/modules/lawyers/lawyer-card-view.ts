/**
 * What a lawyer's card shows, with the area and city labels already resolved. The landing pages build
 * it on the server, so their browser bundle needs neither the catalogue nor its start-up work
 * (docs/decisions/0032); the search page, which loads the catalogue for its form anyway, builds it in
 * the page. Browser-safe.
 */
import { cityLabel, practiceAreaLabel } from '~/domain/catalog/catalog';
import type { PublicLawyerCard } from './lawyers.server';

export interface LawyerCardView extends Omit<PublicLawyerCard, 'areas' | 'cidades'> {
  areaLabels: string[];
  cityLabels: string[];
}

export function lawyerCardView({ areas, cidades, ...card }: PublicLawyerCard): LawyerCardView {
  return { ...card, areaLabels: areas.map(practiceAreaLabel), cityLabels: cidades.map(cityLabel) };
}
