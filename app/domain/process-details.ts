// A monitored process's cover, as a court-monitoring provider gives it (stored as monitored_processes.detalhes).
// Plain data, browser-safe.

/** A party of the process, as the provider names it (Escavador gives them; DataJud's public API does not). */
export interface ProviderParty {
  nome: string;
  /** 'Autor', 'Réu', 'Reqte', 'Advogado'…, as the provider writes it; null when it says nothing. */
  tipo: string | null;
  /** 'ATIVO' | 'PASSIVO' | other, as the provider writes it; null when it says nothing. */
  polo: string | null;
}

/** What the provider tells of the process itself (its cover): each field null when the provider does not say. */
export interface ProcessDetails {
  /** The procedural class ('Cumprimento de sentença', 'Mandado de Segurança Cível'). */
  classe: string | null;
  /** The subjects, most specific as the provider gives them. */
  assuntos: string[];
  /** The judging body ('06 CIVEL DE JUNDIAI', '5ª Vara do Trabalho de São Paulo'). */
  orgaoJulgador: string | null;
  /** The instance as the provider writes it: DataJud's grau ('G1', 'G2', 'JE'…), Escavador's grau_formatado. */
  grau: string | null;
  /** The filing date (dataAjuizamento; Escavador's data_inicio), ISO 8601; null when unknown. */
  dataAjuizamento: string | null;
  /** The parties, where the provider gives them; empty otherwise. */
  partes: ProviderParty[];
}
