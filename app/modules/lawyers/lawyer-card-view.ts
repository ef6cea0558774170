/**
 * What a lawyer's card shows, with the area and city labels already resolved. The landing pages build
 * it on the server, so their browser bundle needs neither the catalogue nor its start-up work
 * (docs/decisions/0032); the search page, which loads the catalogue for its form anyway, builds it in
 * the page. Browser-safe.
 */
import { cityLabel, practiceAreaLabel } from '~/domain/catalog/catalog';
import { lawyerTitle, saoPauloYear, yearsOfPracticeText } from '~/domain/catalog/profile-details';
import type { PublicLawyerCard } from './lawyers.server';

export interface LawyerCardView extends Omit<PublicLawyerCard, 'areas' | 'cidades'> {
  areaLabels: string[];
  cityLabels: string[];
  /** The card's short line about the practice: 'Advogada · 12 anos de advocacia · Atende online'. */
  practiceLine: string;
}

export function lawyerCardView(card: PublicLawyerCard, currentYear = saoPauloYear()): LawyerCardView {
  // Spelled out: an object rest and spread per card (24 a search page) cost more than the rest of the view.
  return {
    nome: card.nome,
    slug: card.slug,
    fotoUrl: card.fotoUrl,
    whatsapp: card.whatsapp,
    numeroOab: card.numeroOab,
    oabUf: card.oabUf,
    oabCheckedAt: card.oabCheckedAt,
    titulo: card.titulo,
    primeiraInscricaoAno: card.primeiraInscricaoAno,
    atendeOnline: card.atendeOnline,
    areaLabels: card.areas.map(practiceAreaLabel),
    cityLabels: card.cidades.map(cityLabel),
    practiceLine: practiceLine(card, currentYear),
  };
}

type PracticeFields = Pick<PublicLawyerCard, 'titulo' | 'primeiraInscricaoAno' | 'atendeOnline'>;

/** The years of practice when the year of inscription is known, and online service when offered. */
export function practiceFacts(card: PracticeFields, currentYear = saoPauloYear()): string[] {
  const facts: string[] = [];
  if (card.primeiraInscricaoAno !== null) facts.push(yearsOfPracticeText(card.primeiraInscricaoAno, currentYear));
  if (card.atendeOnline) facts.push('Atende online');
  return facts;
}

/** The title, then the practice facts: 'Advogada · 12 anos de advocacia · Atende online'. */
export function practiceLine(card: PracticeFields, currentYear = saoPauloYear()): string {
  return [lawyerTitle(card.titulo), ...practiceFacts(card, currentYear).map((fact) => fact.replace(/^Menos/, 'menos'))].join(' · ');
}
