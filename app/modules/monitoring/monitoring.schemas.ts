import { z } from 'zod';
import { MONITORING_FREQUENCIES } from '~/domain/catalog/vocabularies';
import { COURT_CHOICES, isValidCnj, parseCnj } from '~/domain/cnj';
import { ALL_COURTS, MONITORING_TEXTS } from './monitoring.texts';

// Process monitoring (section monitoramento, below the messaging card): the form's input and the texts
// of the spec's Monitoring catalogue (docs/product-rules.md,
// "Process monitoring"). Where the spec names Escavador, the texts name the configured provider.
// Browser-safe; the screen itself reads only monitoring.texts.ts (no zod on the lawyer area's first load).

export * from './monitoring.texts';

const COURT_SIGLAS = new Set(COURT_CHOICES.map((court) => court.sigla));

/**
 * The CNJ number as typed: 20 to 25 characters ('Número de processo inválido' / 'Número de processo muito
 * longo'), the mask NNNNNNN-DD.AAAA.J.TR.OOOO ('Número do processo fora do padrão CNJ.') and right check
 * digits (mod 97; 'Dígito verificador não confere: confira o número.').
 */
export const cnjNumberSchema = z
  .string({ message: MONITORING_TEXTS.invalidNumber })
  .trim()
  .min(20, MONITORING_TEXTS.invalidNumber)
  .max(25, MONITORING_TEXTS.numberTooLong)
  .superRefine((numero, ctx) => {
    if (parseCnj(numero) === null) ctx.addIssue({ code: 'custom', message: MONITORING_TEXTS.notCnj });
    else if (!isValidCnj(numero)) ctx.addIssue({ code: 'custom', message: MONITORING_TEXTS.wrongCheckDigits });
  });

export const createMonitoringSchema = z.object({
  numero: cnjNumberSchema,
  /** A court of the list, or 'todos' (or nothing): the number's own court. */
  tribunal: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' || value === ALL_COURTS ? null : value))
    .refine((value) => value === null || COURT_SIGLAS.has(value), 'Escolha um tribunal da lista'),
  frequencia: z.enum(MONITORING_FREQUENCIES, { message: 'Escolha a frequência: diária ou semanal' }).default('DIARIA'),
});
export type CreateMonitoringInput = z.infer<typeof createMonitoringSchema>;

/** A monitoring's id from a form or the URL: anything that is not a uuid is nobody's monitoring. */
export const monitoringIdSchema = z.uuid({ message: MONITORING_TEXTS.notFound });

/** A form about one monitoring (remove, Atualizar). */
export const monitoringTargetSchema = z.object({ monitoringId: monitoringIdSchema });

/** 'Testar notificação WhatsApp': the monitoring and the dialog's own key (the same click twice sends once). */
export const monitoringTestSchema = z.object({
  monitoringId: monitoringIdSchema,
  envio: z.uuid({ message: 'Envio de teste inválido. Recarregue a página e tente novamente.' }),
});

/**
 * What the section's URL may open: `processo` (the details dialog) and `remover` (the removal's
 * confirmation) name a monitoring; anything else is ignored.
 */
export function monitoringViewFrom(params: URLSearchParams): { processo: string | null; remover: string | null } {
  const id = (name: string) => {
    const parsed = monitoringIdSchema.safeParse(params.get(name));
    return parsed.success ? parsed.data : null;
  };
  return { processo: id('processo'), remover: id('remover') };
}
