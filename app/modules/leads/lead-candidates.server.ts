import { getConfig } from '~/config.server';
import { cityLabel, practiceAreaLabel, type PracticeAreaId } from '~/domain/catalog/catalog';
import { oabLine } from '~/domain/trust';
import { firstApprovedLawyers, getPublicLawyerProfile, type LawyerCardData } from '~/modules/lawyers/lawyers.server';
import { lawyerSlugSchema } from '~/modules/lawyers/lawyers.schemas';
import { listShownFor } from './lead-requests';
import { leadCandidatesQuerySchema } from './lead-requests.schemas';

/**
 * The lawyers a client request can go to (docs/decisions/0043): the approved lawyers of the area and
 * city in the directory's order, the first `LEAD_MAX_LAWYERS` ticked; from a lawyer's page
 * (/solicitar-atendimento/{slug}) that lawyer first and alone ticked, the others offered below. The
 * request form shows it (server-rendered, and again by /api/advogados-solicitacao as the client changes
 * area or city); the server checks the choice again when the request is sent (lead-routing.server.ts).
 */

/** Lawyers listed beyond the cap: the client may tick others instead of the first ones. */
export const LEAD_CANDIDATES_EXTRA = 10;

/** A lawyer of the list, as the page shows them (no internal id leaves the server). */
export interface LeadCandidate {
  slug: string;
  nome: string;
  /** 'OAB/SP 123456'. */
  oab: string;
  fotoUrl: string | null;
  areaLabels: string[];
}

export interface LeadCandidateList {
  areaAtuacao: string;
  cidade: string;
  /** 'Direito de Família' and 'São Paulo - SP', for the list's sentences. */
  areaLabel: string;
  cityLabel: string;
  lawyers: LeadCandidate[];
  /** The slugs ticked when the list appears. */
  preselected: string[];
  /** More lawyers match than are listed (the directory has the rest). */
  more: boolean;
  /** Most lawyers one request goes to (LEAD_MAX_LAWYERS). */
  cap: number;
  /** The lawyer whose page the client came from, when they do not serve this area and city. */
  profileLawyerOutside: string | null;
  /** The hidden field's value that says the client saw this list (listShownFor). */
  shownFor: string;
}

function candidate(card: LawyerCardData): LeadCandidate {
  return { slug: card.slug, nome: card.nome, oab: oabLine(card.oabUf, card.numeroOab, card.oabCheckedAt), fotoUrl: card.fotoUrl, areaLabels: card.areas.map(practiceAreaLabel) };
}

export async function findLeadCandidates({
  areaAtuacao,
  cidade,
  profileSlug = null,
  ticked,
  now = new Date(),
  cap = getConfig().leadMaxLawyers,
}: {
  areaAtuacao: PracticeAreaId;
  cidade: string;
  /** The lawyer of /solicitar-atendimento/{slug}. */
  profileSlug?: string | null;
  /** The slugs the client had ticked (a refused submit shows their choice again); undefined: the defaults. */
  ticked?: readonly string[];
  now?: Date;
  cap?: number;
}): Promise<LeadCandidateList> {
  const [listed, profile] = await Promise.all([
    firstApprovedLawyers({ area: areaAtuacao, cidade }, cap + LEAD_CANDIDATES_EXTRA + 1, now),
    profileSlug ? getPublicLawyerProfile(profileSlug) : null,
  ]);
  let lawyers = listed;
  let profileLawyerOutside: string | null = null;
  let preselected: string[];
  const profileLawyer = profile?.profile;
  if (profileLawyer) {
    const serves = profileLawyer.areas.includes(areaAtuacao) && profileLawyer.cidades.includes(cidade);
    if (serves) {
      // That lawyer first (wherever the directory has them today), the others below.
      lawyers = [profileLawyer, ...listed.filter((l) => l.id !== profileLawyer.id)];
      preselected = [profileLawyer.slug];
    } else {
      // The client changed area or city to one that lawyer does not serve: nobody is ticked for them.
      profileLawyerOutside = profileLawyer.nome;
      preselected = [];
    }
  } else {
    preselected = listed.slice(0, cap).map((l) => l.slug);
  }
  const more = lawyers.length > cap + LEAD_CANDIDATES_EXTRA;
  const shown = lawyers.slice(0, cap + LEAD_CANDIDATES_EXTRA).map(candidate);
  if (ticked) {
    const listedSlugs = new Set(shown.map((l) => l.slug));
    preselected = ticked.filter((slug) => listedSlugs.has(slug)).slice(0, cap);
  }
  return {
    areaAtuacao,
    cidade,
    areaLabel: practiceAreaLabel(areaAtuacao),
    cityLabel: cityLabel(cidade),
    lawyers: shown,
    preselected,
    more,
    cap,
    profileLawyerOutside,
    shownFor: listShownFor(areaAtuacao, cidade),
  };
}

const candidatesQuerySchema = leadCandidatesQuerySchema.extend({ advogado: lawyerSlugSchema.optional().catch(undefined) });

/**
 * The list a request form's page asks for by URL (`?areaAtuacao=…&cidade=…[&advogado=slug]`: the JSON
 * at /api/advogados-solicitacao, the HTML at /api/advogados-solicitacao/lista), or the Portuguese reason
 * the query is refused. A malformed lawyer slug is ignored.
 */
export async function leadCandidatesForQuery(params: URLSearchParams): Promise<{ ok: true; list: LeadCandidateList } | { ok: false; message: string }> {
  const query = candidatesQuerySchema.safeParse({ areaAtuacao: params.get('areaAtuacao') ?? undefined, cidade: params.get('cidade') ?? undefined, advogado: params.get('advogado') ?? undefined });
  if (!query.success) return { ok: false, message: query.error.issues[0]?.message ?? 'Consulta inválida' };
  return { ok: true, list: await findLeadCandidates({ areaAtuacao: query.data.areaAtuacao, cidade: query.data.cidade, profileSlug: query.data.advogado ?? null }) };
}
