import { BadgeCheck } from '~/components/ui/icons';
import { CONFIRM_LAWYER_PATH } from '~/domain/trust';
import { CNA_URL } from '../lead-requests';

/**
 * How a client protects themselves from the "golpe do falso advogado" (someone posing as a lawyer, often
 * with real case data, asking for a payment to release money) and checks an OAB registration. Nothing
 * here, or anywhere on the request pages, promises a result (OAB Provimento 205/2021).
 */
export function SafetyTips({ headingLevel = 2, className = '' }: { headingLevel?: 2 | 3; className?: string }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="dicas-seguranca" className={`rounded-xl border border-amber-300 bg-amber-50 p-5 text-slate-800 ${className}`}>
      <Heading id="dicas-seguranca" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <BadgeCheck aria-hidden="true" className="size-5 shrink-0 text-amber-800" />
        Proteja-se do golpe do falso advogado
      </Heading>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm leading-relaxed">
        <li>
          <strong>Advogados não pedem pagamento pelo WhatsApp antes de um contrato assinado.</strong> Desconfie de pedidos de PIX, boleto ou “taxa” para
          liberar valores de processos, mesmo que a pessoa conheça os dados do seu caso.
        </li>
        <li>
          Confira a inscrição antes de contratar: no{' '}
          <a href={CNA_URL} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-800 underline">
            Cadastro Nacional dos Advogados (cna.oab.org.br)
          </a>
          , busque pelo nome ou pelo número da OAB e a seccional (UF) e veja se a inscrição está regular.
        </li>
        <li>
          Recebeu mensagem de alguém dizendo ser advogado daqui?{' '}
          <a href={CONFIRM_LAWYER_PATH} className="font-medium text-brand-800 underline">
            Confirme o número
          </a>{' '}
          antes de responder.
        </li>
        <li>Na dúvida, fale com o advogado por um telefone ou e-mail que você mesmo confirmou, não pelo número que fez o pedido.</li>
        <li>Nenhum advogado pode garantir o resultado de um caso: desconfie de promessas de ganho.</li>
      </ul>
    </section>
  );
}
