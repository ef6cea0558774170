/**
 * The texts of the landing pages, generated from the catalogue (docs/product-rules.md, Landing pages and
 * search engines). Sober on purpose (Provimento CFOAB 205/2021): they describe what an area covers and
 * how to choose and check a lawyer; they never promise a result, never compare lawyers, never mention
 * fees or free services. Read by the server only (the loader sends the finished text).
 */
import { practiceAreaLabel, STATES, type City, type PracticeAreaId } from '~/domain/catalog/catalog';

/** What each area covers, in one or two plain sentences. */
const AREA_SUMMARIES: Record<PracticeAreaId, string> = {
  civil:
    'O Direito Civil trata das relações entre pessoas e empresas no dia a dia: contratos, cobranças, indenizações por danos materiais e morais, posse e propriedade, responsabilidade civil e sucessões.',
  penal:
    'O Direito Penal trata dos crimes e das penas. O advogado criminalista acompanha inquéritos e processos, atua na defesa de quem é investigado ou acusado e pode representar a vítima como assistente de acusação.',
  familia:
    'O Direito de Família cuida das relações familiares: divórcio e separação, união estável, guarda e convivência dos filhos, pensão alimentícia, reconhecimento de paternidade, partilha de bens, inventário e testamento.',
  trabalho:
    'O Direito do Trabalho regula a relação entre empregados e empregadores: registro em carteira, verbas rescisórias, horas extras, assédio, acidentes de trabalho e acordos na Justiça do Trabalho.',
  consumidor:
    'O Direito do Consumidor protege quem compra produtos e contrata serviços: cobranças indevidas, produtos com defeito, negativação indevida, problemas com bancos, planos de saúde, companhias aéreas e compras pela internet.',
  tributario:
    'O Direito Tributário trata dos impostos, taxas e contribuições: planejamento tributário, defesa em autuações e execuções fiscais, parcelamentos e recuperação de tributos pagos a mais, para pessoas e empresas.',
  empresarial:
    'O Direito Empresarial acompanha a vida das empresas: abertura e alteração de sociedades, acordos entre sócios, contratos comerciais, marcas, recuperação judicial e falência.',
  imobiliario:
    'O Direito Imobiliário cuida da compra, venda e locação de imóveis: análise de contratos e documentos, escritura e registro, usucapião, despejo, condomínio e regularização de imóveis.',
  ambiental:
    'O Direito Ambiental trata da proteção do meio ambiente e das atividades que o afetam: licenciamento, defesa em autos de infração ambiental, áreas de preservação e responsabilidade por danos ambientais.',
  administrativo:
    'O Direito Administrativo trata das relações com o poder público: concursos públicos, licitações e contratos administrativos, servidores públicos, processos administrativos e desapropriações.',
  previdenciario:
    'O Direito Previdenciário trata dos benefícios do INSS e dos regimes próprios: aposentadorias, pensão por morte, auxílio por incapacidade, BPC/LOAS, revisões de benefícios e planejamento previdenciário.',
  internacional:
    'O Direito Internacional trata de situações que envolvem mais de um país: imigração e vistos, nacionalidade, homologação de sentenças estrangeiras, contratos internacionais e comércio exterior.',
  digital:
    'O Direito Digital trata de questões ligadas à internet e à tecnologia: proteção de dados pessoais (LGPD), crimes cometidos pela internet, remoção de conteúdo, contratos de tecnologia e comércio eletrônico.',
  propriedade_intelectual:
    'A Propriedade Intelectual protege criações e sinais distintivos: registro de marcas e patentes no INPI, direitos autorais, software, desenho industrial e defesa contra cópia e uso indevido.',
  constitucional:
    'O Direito Constitucional trata dos direitos fundamentais e da organização do Estado: mandados de segurança, habeas data, ações sobre direitos garantidos pela Constituição e questões que chegam ao STF.',
  arbitragem:
    'A Arbitragem e a Mediação são formas de resolver conflitos fora do Judiciário: o advogado orienta na escolha do método, redige cláusulas e acompanha sessões de mediação, conciliação e procedimentos arbitrais.',
};

export function areaSummary(area: PracticeAreaId): string {
  return AREA_SUMMARIES[area];
}

/** 'de Direito de Família', 'de Propriedade Intelectual', 'de Arbitragem e Mediação'. */
function ofArea(area: PracticeAreaId): string {
  return `de ${practiceAreaLabel(area)}`;
}

/** 'em Curitiba - PR'. */
function inCity(city: City): string {
  return `em ${city.label}`;
}

export interface LandingScopeLabels {
  area?: PracticeAreaId;
  city?: City;
}

/** The page's heading: 'Advogados de Direito de Família em Curitiba - PR'. */
export function landingHeading({ area, city }: LandingScopeLabels): string {
  return ['Advogados', area && ofArea(area), city && inCity(city)].filter(Boolean).join(' ');
}

export function landingIntro({ area, city }: LandingScopeLabels): string {
  const who = area && city ? `com atuação em ${practiceAreaLabel(area)} que atendem ${inCity(city)}` : area ? `com atuação em ${practiceAreaLabel(area)}` : `que atendem ${inCity(city!)}`;
  return `Conheça advogados ${who}. Cada perfil foi publicado depois que nossa equipe conferiu o número de inscrição na OAB informado no cadastro; fale diretamente com o profissional.`;
}

export interface LandingQuestion {
  question: string;
  answer: string;
}

/** The page's questions and answers (shown on the page and described as FAQPage). */
export function landingQuestions({ area, city }: LandingScopeLabels, brandName: string): LandingQuestion[] {
  const state = city ? STATES[city.state] : undefined;
  const questions: LandingQuestion[] = [
    {
      question: 'Como conferir se um advogado está inscrito na OAB?',
      answer:
        'Consulte o Cadastro Nacional dos Advogados (CNA), mantido pelo Conselho Federal da OAB em cna.oab.org.br: pesquise pelo nome ou pelo número de inscrição e pela seccional (o estado). O resultado mostra a inscrição e a situação do profissional.',
    },
  ];
  if (city && state) {
    questions.push({
      question: `Um advogado de outro estado pode atender ${inCity(city)}?`,
      answer: `Sim. A inscrição principal na OAB vale em todo o país; quem atua com habitualidade em outro estado (mais de cinco causas por ano) deve ter inscrição suplementar na seccional local, aqui a OAB/${city.state} (${state}).`,
    });
  }
  questions.push(
    {
      question: area && city ? `Como escolher um advogado ${ofArea(area)} ${inCity(city)}?` : area ? `Como escolher um advogado ${ofArea(area)}?` : `Como escolher um advogado ${inCity(city!)}?`,
      answer:
        'Leia os perfis e confira a inscrição na OAB, as áreas de atuação e as cidades atendidas. Na primeira conversa, explique o caso e pergunte como ele pode ser conduzido e quais documentos serão necessários. Combine os honorários em um contrato escrito antes de começar e desconfie de quem garante o resultado: nenhum advogado pode prometer o desfecho de um processo.',
    },
    {
      question: 'Em que ordem os advogados aparecem?',
      answer: `A ordem não é uma avaliação dos profissionais: ela segue o plano de assinatura de cada advogado no ${brandName} e, entre advogados do mesmo plano, um rodízio que muda todos os dias.`,
    }
  );
  return questions;
}
