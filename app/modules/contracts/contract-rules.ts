/**
 * The contract summariser's limits and messages, and the check of a file's first bytes: shared by the
 * page (in the browser, without zod) and the server (docs/product-rules.md, "Free tools").
 */

export const CONTRACT_MAX_BYTES = 10 * 1024 * 1024;

/** More pages than any contract: such a PDF is refused before it is opened (docs/decisions/0053). */
export const PDF_MAX_PAGES = 1000;

export const CONTRACT_MESSAGES = {
  noFile: 'Por favor, selecione um arquivo primeiro.',
  unsupported: 'Formato não suportado. Use apenas PDF ou DOCX.',
  tooLarge: 'Arquivo muito grande. Máximo 10MB.',
  unreadable: 'Erro ao processar o arquivo.',
  corruptPdf: 'Erro ao processar o arquivo. O PDF está corrompido ou incompleto; gere o arquivo novamente e envie outra vez.',
  corruptDocx: 'Erro ao processar o arquivo. O DOCX está corrompido ou não é um documento do Word; salve-o novamente e envie outra vez.',
  encrypted: 'Este PDF está protegido por senha. Remova a proteção (ou salve uma cópia sem senha) e envie novamente.',
  scanned: 'Este PDF não tem texto selecionável: parece ser um documento digitalizado (imagem). Envie o PDF gerado pelo editor de texto ou o arquivo DOCX.',
  noText: 'Não encontramos texto neste arquivo. Confira se é o contrato certo e envie novamente.',
  zipBomb: 'Erro ao processar o arquivo. O conteúdo deste DOCX descompactado é grande demais para ser analisado.',
  pdfBomb: 'Erro ao processar o arquivo. O conteúdo deste PDF descompactado é grande demais para ser analisado.',
  tooManyPages: `Erro ao processar o arquivo. Este PDF tem mais de ${PDF_MAX_PAGES.toLocaleString('pt-BR')} páginas, mais do que um contrato: envie apenas o contrato e seus anexos principais.`,
  successTitle: 'Análise Concluída',
  successDescription: 'O contrato foi analisado com sucesso!',
  failureTitle: 'Erro na Análise',
  unknownError: 'Erro desconhecido',
} as const;

export const CONTACT_LIMITS = { email: 254, empresa: 120, telefone: 20 } as const;

export const CONTACT_MESSAGES = {
  email: 'Informe seu email.',
  emailInvalid: 'Email inválido',
  /** Only when the value is not text; the company is optional. */
  empresa: 'Informe o nome da empresa.',
  telefone: 'Informe o telefone.',
} as const;

export type ContractFormat = 'pdf' | 'docx';

/**
 * The format the first bytes show: '%PDF-' (within the first KiB, as readers accept) or a zip's local
 * header (a DOCX is a zip; the server then checks it is a Word document). The name is never trusted.
 */
export function sniffContractFormat(head: Uint8Array): ContractFormat | null {
  const window = head.subarray(0, 1024);
  for (let i = 0; i + 5 <= window.length; i++) {
    if (window[i] === 0x25 && window[i + 1] === 0x50 && window[i + 2] === 0x44 && window[i + 3] === 0x46 && window[i + 4] === 0x2d) return 'pdf';
  }
  if (window[0] === 0x50 && window[1] === 0x4b && window[2] === 0x03 && window[3] === 0x04) return 'docx';
  return null;
}
