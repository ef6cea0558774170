// Part of the catalogue (catalog.ts re-exports it): browser-safe, no server imports.

/** The 27 Brazilian federative units, by their two-letter code (the OAB Seccionais follow them). */
export const STATES = {
  AC: 'Acre', AL: 'Alagoas', AP: 'Amapá', AM: 'Amazonas', BA: 'Bahia', CE: 'Ceará',
  DF: 'Distrito Federal', ES: 'Espírito Santo', GO: 'Goiás', MA: 'Maranhão', MT: 'Mato Grosso',
  MS: 'Mato Grosso do Sul', MG: 'Minas Gerais', PA: 'Pará', PB: 'Paraíba', PR: 'Paraná',
  PE: 'Pernambuco', PI: 'Piauí', RJ: 'Rio de Janeiro', RN: 'Rio Grande do Norte',
  RS: 'Rio Grande do Sul', RO: 'Rondônia', RR: 'Roraima', SC: 'Santa Catarina', SP: 'São Paulo',
  SE: 'Sergipe', TO: 'Tocantins',
} as const;
export type StateCode = keyof typeof STATES;
export const STATE_CODES = /* @__PURE__ */ Object.keys(STATES) as [StateCode, ...StateCode[]];
