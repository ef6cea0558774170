/**
 * The blog articles (pt-BR), static content. contentHtml uses only the tags the content module allows
 * (h2, h3, p, ul, ol, li, strong, em, blockquote, a with relative href); it is sanitised again on read.
 * readingMinutes = visible words / 200, rounded up.
 */

export interface BlogPost {
  id: number;
  slug: string;
  title: string;
  /** 1-2 sentences of plain text, used on cards and as the meta description. */
  excerpt: string;
  /** ISO date 'YYYY-MM-DD'. */
  date: string;
  author: string;
  readingMinutes: number;
  /** Accessible description of the drawn illustration (no photo). */
  imageAlt: string;
  /** The article body as HTML, without h1 (the page renders the title). */
  contentHtml: string;
}

export const BLOG_POSTS: readonly BlogPost[] = [
  {
    id: 1,
    slug: 'pensao-alimenticia-2025-novas-interpretacoes',
    title: 'Pensão alimentícia em 2025: como os tribunais interpretam as regras',
    excerpt:
      'Entenda como os tribunais fixam, revisam e encerram a pensão alimentícia, quando os avós podem ser chamados a pagar, os limites da prisão civil e o que são os alimentos gravídicos.',
    date: '2025-03-12',
    author: 'Equipe JusConecta',
    readingMinutes: 5,
    imageAlt: 'Ilustração de um grupo de pessoas representando a família e o dever de sustento',
    contentHtml: `
<p>A pensão alimentícia continua sendo um dos temas que mais levam famílias brasileiras ao Judiciário. As regras básicas estão no Código Civil há mais de duas décadas, mas a forma como juízes e tribunais as aplicam se consolida a cada ano. Veja os critérios usados hoje para fixar, revisar e encerrar a pensão.</p>

<h2>O que são “alimentos” para o Direito</h2>
<p>Na linguagem jurídica, alimentos não se limitam à comida. O termo abrange o necessário para uma vida digna: moradia, saúde, educação, vestuário, transporte e lazer. O <strong>art. 1.694 do Código Civil</strong> permite que parentes, cônjuges ou companheiros peçam alimentos uns aos outros. O caso mais comum é o dos filhos menores, cujo sustento é dever de ambos os pais.</p>
<p>A ação de alimentos segue a <strong>Lei 5.478/1968</strong>, conhecida como Lei de Alimentos, que prevê um rito mais rápido e permite ao juiz fixar <em>alimentos provisórios</em> logo no início do processo, quando há prova do parentesco ou da obrigação.</p>

<h2>Necessidade, possibilidade e proporcionalidade</h2>
<p>Não existe tabela oficial nem percentual fixo em lei. O próprio Código Civil (art. 1.694, § 1º) determina que os alimentos sejam fixados na proporção das necessidades de quem pede e dos recursos de quem paga: é o chamado <strong>binômio necessidade-possibilidade</strong>.</p>
<p>Doutrina e jurisprudência acrescentaram um terceiro elemento, formando o <strong>trinômio necessidade-possibilidade-proporcionalidade</strong>. Na prática, isso significa que:</p>
<ul>
<li>as despesas reais de quem recebe devem ser demonstradas, como escola, plano de saúde, medicamentos e atividades;</li>
<li>a capacidade de quem paga é avaliada pelos rendimentos e também por sinais exteriores de riqueza, como padrão de vida, veículos e viagens;</li>
<li>o valor final deve ser equilibrado, sem comprometer a subsistência de quem paga nem deixar desamparado quem recebe.</li>
</ul>
<p>O percentual de 30% dos rendimentos, muitas vezes mencionado, é apenas uma referência informal.</p>

<h2>Revisão e exoneração: quando o valor pode mudar</h2>
<p>Pelo <strong>art. 1.699 do Código Civil</strong>, se houver mudança na situação financeira de quem paga ou de quem recebe, é possível pedir a redução, o aumento ou a extinção da obrigação. Há dois caminhos principais:</p>
<ul>
<li><strong>Ação revisional:</strong> serve para aumentar ou reduzir o valor, por exemplo em caso de desemprego, nascimento de outro filho ou aumento das despesas da criança.</li>
<li><strong>Ação exoneratória:</strong> busca encerrar a obrigação, quando quem recebe passa a se sustentar sozinho ou deixa de precisar da pensão.</li>
</ul>
<p>De acordo com a <strong>Súmula 621 do STJ</strong>, os efeitos da sentença que reduz, aumenta ou exonera retroagem à data da citação, sem compensação nem devolução dos valores já pagos.</p>

<h2>A maioridade não encerra a pensão automaticamente</h2>
<p>Um erro comum é parar de pagar quando o filho completa 18 anos. A <strong>Súmula 358 do STJ</strong> estabelece que o cancelamento da pensão de filho que atingiu a maioridade depende de decisão judicial, garantido o contraditório, ou seja, o filho tem o direito de se manifestar. Até essa decisão, a obrigação continua valendo.</p>
<p>Depois da maioridade, a pensão deixa de decorrer do poder familiar e passa a se apoiar no parentesco, e o filho precisa demonstrar que ainda necessita dela. Os tribunais costumam mantê-la enquanto o jovem cursa ensino superior ou técnico, muitas vezes tomando os 24 anos como referência, mas tudo depende das circunstâncias concretas.</p>

<h2>A responsabilidade dos avós</h2>
<p>Quando os pais não conseguem pagar, é possível acionar os avós. A <strong>Súmula 596 do STJ</strong>, porém, deixa claro que essa obrigação é <em>complementar e subsidiária</em>: só surge diante da impossibilidade total ou parcial de os pais cumprirem o dever. Não basta o atraso de um dos genitores; é preciso demonstrar que eles não têm condições de arcar com a pensão.</p>

<h2>Prisão civil: apenas pelas três últimas parcelas</h2>
<p>A dívida de alimentos é a única que ainda autoriza prisão civil no Brasil, mas com limites. A <strong>Súmula 309 do STJ</strong> e o <strong>art. 528, § 7º, do Código de Processo Civil</strong> estabelecem que a prisão só pode ser decretada pelo débito das três prestações anteriores ao ajuizamento da execução e das que vencerem durante o processo.</p>
<p>A prisão dura de um a três meses, é cumprida em regime fechado, separada dos presos comuns, e não apaga a dívida. Parcelas mais antigas são cobradas pelo rito da penhora de bens. A lei também permite o protesto da decisão judicial e o desconto direto em folha de pagamento.</p>

<h2>Alimentos gravídicos: proteção desde a gestação</h2>
<p>A <strong>Lei 11.804/2008</strong> permite que a gestante peça ao suposto pai uma contribuição para as despesas da gravidez, como consultas, exames, alimentação especial e parto. Não é preciso exame de DNA: basta que o juiz se convença da existência de indícios de paternidade. Após o nascimento com vida, os alimentos gravídicos se convertem em pensão alimentícia para a criança, até que uma das partes peça a revisão.</p>

<h2>Cuidados práticos</h2>
<ul>
<li>Guarde comprovantes das despesas de quem recebe a pensão; eles são a base de qualquer pedido de fixação ou revisão.</li>
<li>Pague sempre por meio rastreável, como transferência bancária identificada.</li>
<li>Não reduza nem suspenda o pagamento por conta própria: só uma decisão judicial ou um acordo homologado altera a obrigação.</li>
</ul>

<p><em>Este conteúdo tem caráter informativo e não substitui a orientação de um advogado. Cada caso tem particularidades que precisam ser analisadas por um profissional. Se precisar de ajuda, <a href="/busca?area=familia">encontre um advogado de Direito de Família</a> na JusConecta.</em></p>
`,
  },
  {
    id: 2,
    slug: 'uniao-estavel-partilha-bens-stj-2025',
    title: 'União estável e partilha de bens: o que decidem o STF e o STJ',
    excerpt:
      'Saiba como funciona a divisão de bens na união estável, por que vale formalizar a relação e o que mudou com as decisões do STF sobre herança e sobre casais com mais de 70 anos.',
    date: '2025-05-20',
    author: 'Equipe JusConecta',
    readingMinutes: 5,
    imageAlt: 'Ilustração de uma balança da justiça representando a divisão de bens entre companheiros',
    contentHtml: `
<p>Muitos casais vivem juntos por anos sem se casar no papel. A lei reconhece essas famílias por meio da união estável, que gera direitos e deveres muito parecidos com os do casamento, inclusive na divisão de bens e na herança. O problema é que, sem nenhum documento, a separação ou o falecimento de um dos companheiros costuma trazer dúvidas e disputas. Veja o que diz a lei e como os tribunais superiores têm decidido.</p>

<h2>O que caracteriza a união estável</h2>
<p>Segundo o <strong>art. 1.723 do Código Civil</strong>, a união estável é a convivência pública, contínua e duradoura, estabelecida com o objetivo de constituir família. A lei não exige tempo mínimo de relacionamento, filhos em comum nem, necessariamente, que o casal more sob o mesmo teto; o que importa é o conjunto das circunstâncias. Desde 2011, o STF reconhece a união estável também entre pessoas do mesmo sexo.</p>
<p>Pessoas casadas só podem formar união estável se estiverem separadas de fato ou judicialmente. Um namoro, ainda que longo, não é união estável se faltar o propósito de constituir família naquele momento.</p>

<h2>Regime de bens: comunhão parcial como regra</h2>
<p>O <strong>art. 1.725 do Código Civil</strong> determina que, salvo contrato escrito entre os companheiros, aplica-se à união estável o regime da <strong>comunhão parcial de bens</strong>. Na prática:</p>
<ul>
<li>os bens adquiridos a título oneroso durante a união pertencem aos dois, em partes iguais, ainda que estejam no nome de apenas um;</li>
<li>a contribuição de cada um para essas aquisições é presumida, sem necessidade de prova;</li>
<li>ficam de fora os bens que cada um já tinha antes da união e os recebidos por herança ou doação, assim como os comprados com o dinheiro deles.</li>
</ul>

<h2>Contrato de convivência e escritura pública</h2>
<p>O casal pode escolher outro regime, como a separação total ou a comunhão universal, por meio de um <strong>contrato de convivência</strong>. O documento pode ser particular, mas a <strong>escritura pública</strong> lavrada em Tabelionato de Notas oferece mais segurança: tem fé pública, fixa a data de início da relação e facilita a prova perante bancos, INSS, planos de saúde e outros órgãos. Também é possível registrar a união no Cartório de Registro Civil, o que dá publicidade perante terceiros.</p>
<p>Atenção: o STJ tem entendido que a escolha de um regime diferente da comunhão parcial, em regra, não retroage. Por isso, quanto antes o casal formalizar a relação, melhor.</p>

<h2>Herança: companheiro tem os mesmos direitos do cônjuge</h2>
<p>O Código Civil previa, no art. 1.790, regras de herança menos favoráveis para o companheiro do que para o cônjuge. Em 2017, no julgamento do <strong>RE 878.694 (Tema 809)</strong>, o Supremo Tribunal Federal declarou esse artigo inconstitucional e definiu que a sucessão do companheiro segue as mesmas regras do casamento, previstas no art. 1.829 do Código Civil.</p>
<p>O STF aplicou a tese aos inventários judiciais ainda sem sentença de partilha definitiva e às partilhas extrajudiciais ainda sem escritura pública. Partilhas já concluídas antes do julgamento não são reabertas por esse motivo.</p>

<h2>Maiores de 70 anos: separação obrigatória pode ser afastada</h2>
<p>O <strong>art. 1.641, II, do Código Civil</strong> impõe o regime da separação obrigatória de bens a quem se casa com mais de 70 anos, e os tribunais estendem essa regra à união estável. Em 2024, ao julgar o <strong>Tema 1.236</strong>, o STF decidiu que esse regime <em>pode ser afastado</em> por manifestação expressa dos envolvidos, mediante <strong>escritura pública</strong>. Sem essa escritura, a separação obrigatória continua valendo.</p>
<p>Casais que já viviam juntos nessa situação também podem alterar o regime; no caso da união estável, por escritura pública, com efeitos apenas dali em diante.</p>

<h2>Súmula 377 do STF e a prova do esforço comum</h2>
<p>Mesmo no regime de separação obrigatória, a <strong>Súmula 377 do STF</strong> prevê que se comunicam os bens adquiridos durante a relação. O STJ, no <strong>EREsp 1.623.858</strong>, esclareceu que essa divisão depende da <strong>prova do esforço comum</strong>: quem reivindica a metade precisa demonstrar que contribuiu para a aquisição. Diferentemente da comunhão parcial, aqui a contribuição não é presumida.</p>

<h2>Como provar a união estável</h2>
<p>Quando não há escritura, a união precisa ser provada, muitas vezes em uma ação de reconhecimento e dissolução de união estável ou, após o falecimento, contra os herdeiros. Costumam servir como prova:</p>
<ul>
<li>certidões de nascimento de filhos em comum;</li>
<li>comprovantes de endereço comum e contas conjuntas;</li>
<li>inclusão do companheiro como dependente em plano de saúde, previdência ou declaração de Imposto de Renda;</li>
<li>contratos, financiamentos ou seguros em que um aparece como companheiro do outro;</li>
<li>fotos, mensagens, publicações e depoimentos de testemunhas.</li>
</ul>
<p>Se a separação for consensual e, em regra, não houver nascituro nem filhos incapazes, a dissolução e a partilha podem ser feitas diretamente em cartório, com a assistência de advogado.</p>

<h2>Dicas para proteger o patrimônio</h2>
<ul>
<li>Formalize a união por escritura pública e escolha o regime de bens de forma consciente.</li>
<li>Guarde documentos que mostrem a origem do dinheiro usado em cada compra, especialmente quando envolver bens anteriores, herança ou doação.</li>
<li>Se um dos companheiros tiver mais de 70 anos, avalie com um profissional se vale a pena afastar a separação obrigatória.</li>
<li>Planeje a sucessão, sobretudo em famílias com filhos de relacionamentos anteriores.</li>
</ul>

<p><em>Este conteúdo tem caráter informativo e não substitui a orientação de um advogado. Cada caso tem particularidades que precisam ser analisadas por um profissional. Se precisar de ajuda, <a href="/busca?area=familia">encontre um advogado de Direito de Família</a> na JusConecta.</em></p>
`,
  },
  {
    id: 3,
    slug: 'guarda-compartilhada-alienacao-parental-desafios-e-solucoes',
    title: 'Guarda compartilhada e alienação parental: desafios e soluções',
    excerpt:
      'A guarda compartilhada é a regra no Brasil, com exceção para casos de risco de violência doméstica. Veja como funciona a convivência, o que é alienação parental e como evitar conflitos.',
    date: '2025-08-07',
    author: 'Equipe JusConecta',
    readingMinutes: 5,
    imageAlt: 'Ilustração de um livro aberto representando orientações sobre guarda e convivência familiar',
    contentHtml: `
<p>A separação do casal não encerra a parentalidade. Pai e mãe continuam responsáveis pelos filhos, e a forma como organizam essa responsabilidade faz enorme diferença para o bem-estar das crianças. Neste artigo, explicamos como funciona a guarda compartilhada, quando ela não se aplica, o que a lei entende por alienação parental e quais caminhos ajudam a reduzir conflitos.</p>

<h2>Guarda compartilhada é a regra</h2>
<p>Desde a <strong>Lei 13.058/2014</strong>, a guarda compartilhada deixou de ser apenas uma opção e passou a ser a regra. Pelo <strong>art. 1.584, § 2º, do Código Civil</strong>, quando não houver acordo entre os pais e ambos estiverem aptos a exercer o poder familiar, o juiz aplicará a guarda compartilhada, salvo se um deles declarar que não deseja a guarda.</p>
<p>Guarda compartilhada significa <strong>responsabilização conjunta</strong>: as decisões importantes sobre a vida do filho, como escola, saúde, religião, atividades e viagens, são tomadas pelos dois. Escolas, consultórios e outros estabelecimentos devem prestar informações sobre a criança a qualquer um dos pais.</p>

<h3>O que guarda compartilhada não é</h3>
<ul>
<li><strong>Não é guarda alternada:</strong> a criança não precisa mudar de casa a cada semana. Normalmente há uma residência de referência, e a lei determina que a cidade-base de moradia seja a que melhor atenda aos interesses dos filhos.</li>
<li><strong>Não exige divisão matemática do tempo:</strong> o convívio deve ser equilibrado, conforme a rotina e a idade da criança.</li>
<li><strong>Não elimina a pensão alimentícia:</strong> cada genitor contribui de acordo com suas possibilidades, e quem ganha mais pode continuar pagando alimentos.</li>
</ul>

<h2>A exceção da violência doméstica</h2>
<p>A <strong>Lei 14.713/2023</strong> acrescentou ao art. 1.584, § 2º, outra exceção: a guarda compartilhada não será aplicada quando houver elementos que evidenciem a <strong>probabilidade de risco de violência doméstica ou familiar</strong>. A mesma lei incluiu no Código de Processo Civil o art. 699-A, segundo o qual, nas ações de guarda, o juiz deve perguntar às partes e ao Ministério Público, antes da audiência de mediação e conciliação, se há risco de violência, concedendo prazo de cinco dias para a apresentação de provas ou indícios.</p>

<h2>Convivência equilibrada na prática</h2>
<p>O <strong>art. 1.583, § 2º, do Código Civil</strong> determina que, na guarda compartilhada, o tempo de convívio seja dividido de forma equilibrada entre mãe e pai, considerando as condições reais da família e os interesses dos filhos. Um bom plano de convivência costuma prever:</p>
<ul>
<li>os dias e horários de convivência em semanas comuns;</li>
<li>a divisão de feriados, férias escolares, aniversários, Natal, Dia das Mães e Dia dos Pais;</li>
<li>a forma de buscar e levar a criança;</li>
<li>o contato por telefone ou vídeo com o genitor que não está com o filho naquele dia.</li>
</ul>

<h2>O que é alienação parental</h2>
<p>A <strong>Lei 12.318/2010</strong> define alienação parental como a interferência na formação psicológica da criança ou do adolescente, promovida por um dos genitores, pelos avós ou por quem tenha a criança sob sua autoridade, para que ela repudie o outro genitor ou para prejudicar o vínculo entre eles. Entre os exemplos citados pela lei estão:</p>
<ul>
<li>fazer campanha de desqualificação do outro genitor;</li>
<li>dificultar o contato da criança com ele ou o exercício da autoridade parental;</li>
<li>omitir deliberadamente informações escolares, médicas ou mudanças de endereço;</li>
<li>apresentar falsa denúncia contra o outro genitor ou seus familiares;</li>
<li>mudar de domicílio para local distante, sem justificativa, para dificultar a convivência.</li>
</ul>
<p>Constatada a alienação, o juiz pode, entre outras medidas, advertir o responsável, ampliar a convivência com o genitor afastado, aplicar multa, determinar acompanhamento psicológico e até alterar a guarda.</p>

<h2>O que mudou em 2022</h2>
<p>A <strong>Lei 14.340/2022</strong> alterou a lei de alienação parental, que é objeto de intenso debate público. Entre as principais mudanças:</p>
<ul>
<li>a suspensão da autoridade parental deixou de constar entre as medidas previstas na lei;</li>
<li>durante o processo, passou a ser garantida uma visitação mínima assistida, no fórum ou em entidades conveniadas, salvo quando houver risco iminente à integridade física ou psicológica da criança, atestado por profissional;</li>
<li>a escuta de crianças e adolescentes deve seguir a Lei 13.431/2017, que trata do depoimento especial, sob pena de nulidade;</li>
<li>o acompanhamento psicológico determinado pelo juiz passou a ter avaliações periódicas, com laudos inicial e final.</li>
</ul>
<p>Na prática, acusações de alienação parental e de abuso exigem análise técnica cuidadosa, normalmente com perícia psicológica ou biopsicossocial.</p>

<h2>Mediação: um caminho menos desgastante</h2>
<p>O Código de Processo Civil determina que, nas ações de família, todos os esforços sejam feitos para a solução consensual (art. 694). A mediação permite que os pais construam acordos sobre rotina, despesas e decisões, com a ajuda de um profissional imparcial. Em situações de violência, porém, a mediação pode não ser adequada.</p>

<h2>Conselhos práticos para pais</h2>
<ol>
<li>Mantenha a criança fora do conflito: não a use como mensageira nem fale mal do outro genitor na presença dela.</li>
<li>Prefira a comunicação por escrito, objetiva e respeitosa, concentrada em assuntos dos filhos.</li>
<li>Cumpra o calendário combinado e avise com antecedência qualquer imprevisto.</li>
<li>Compartilhe informações sobre escola e saúde sem esperar ser perguntado.</li>
<li>Formalize os acordos e peça a homologação judicial, para que tenham validade.</li>
<li>Antes de mudar de cidade com o filho, converse com o outro genitor e busque orientação jurídica.</li>
</ol>

<p><em>Este conteúdo tem caráter informativo e não substitui a orientação de um advogado. Cada caso tem particularidades que precisam ser analisadas por um profissional. Se precisar de ajuda, <a href="/busca?area=familia">encontre um advogado de Direito de Família</a> na JusConecta.</em></p>
`,
  },
];
