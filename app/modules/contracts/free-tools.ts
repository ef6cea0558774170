/**
 * The free tools menu (/ferramentas): six tools, of which only the contract summariser exists yet; the
 * others are shown as 'Em breve' and are not links or buttons (docs/product-rules.md, "Free tools").
 */
export interface FreeTool {
  id: string;
  title: string;
  description: string;
  /** The tool's page, or null while it is not built. */
  href: string | null;
}

export const FREE_TOOLS: readonly FreeTool[] = [
  {
    id: 'calculadora-roi',
    title: 'Calculadora de ROI em Gestão de Contratos',
    description: 'Estime quanto tempo e dinheiro sua empresa economiza ao organizar a gestão dos contratos.',
    href: null,
  },
  {
    id: 'sumarizador-contratos',
    title: 'Sumarizador de Contratos',
    description: 'Envie um contrato em PDF ou DOCX e receba um resumo com partes, valores, prazos, riscos e recomendações.',
    href: '/sumarizador-contratos',
  },
  {
    id: 'diagnostico-contratos',
    title: 'Diagnóstico de Gestão de Contratos',
    description: 'Avalie a maturidade da gestão de contratos da sua empresa e veja onde melhorar.',
    href: null,
  },
  {
    id: 'diagnostico-processos',
    title: 'Diagnóstico de Processos e Provisionamento',
    description: 'Entenda o risco dos processos judiciais da empresa e quanto provisionar para eles.',
    href: null,
  },
  {
    id: 'gerador-peticao',
    title: 'Gerador de Petição Inicial',
    description: 'Monte a estrutura de uma petição inicial a partir dos fatos e pedidos do caso.',
    href: null,
  },
  {
    id: 'gerador-contrato-honorarios',
    title: 'Gerador de Contrato de Honorários',
    description: 'Crie um contrato de honorários advocatícios com as cláusulas essenciais.',
    href: null,
  },
];
