import type { CurrentUser } from '~/auth/session.server';
import { doorIntents, writeDoor } from '~/lib/write-door.server';
import { EMAIL_MAX_LENGTH } from '~/modules/accounts/accounts.schemas';
import {
  addNoteSchema,
  addStageSchema,
  CRM_MESSAGES,
  deleteNoteSchema,
  deleteStageSchema,
  editLeadSchema,
  editNoteSchema,
  followUpSchema,
  LEAD_LIMITS,
  moveLeadSchema,
  stageMovedMessage,
  newLeadSchema,
  NOTE_LIMITS,
  OUTCOME_LIMITS,
  recordContactSchema,
  reorderStageSchema,
  saveStagesSchema,
  STAGE_LIMITS,
} from '~/modules/leads/crm.schemas';
import { addStage, createLead, deleteStage, moveLeadToStage, openCrm, recordLeadContact, reorderStage, saveStages, updateLead, type CrmLawyer } from '~/modules/leads/crm.server';
import { addLeadNote, deleteLeadNote, editLeadNote } from '~/modules/leads/lead-history.server';
import { setFollowUp } from '~/modules/leads/follow-ups.server';

// The CRM's posts, one `intent` field each (HTTP only: the rules are in app/modules/leads/crm.server.ts),
// through the write door (app/lib/write-door.server.ts): a plain form post to /area-advogado?section=crm
// (no JavaScript) gets the page again on failure and a redirect with a toast on success; the page's
// JavaScript posts to /area-advogado/crm and gets the answer as JSON either way.

export const CRM_PAGE = '/area-advogado?section=crm';

const ID_ECHO = 64;

/** What a CRM write adds to its answer: the lead or stage it touched. */
interface CrmWritten {
  leadId?: string;
  stageId?: string;
  noteId?: string;
  /** Where a contact's link goes (wa.me or mailto), for /area-advogado/contato. */
  contactUrl?: string;
  /** A stage moved: its new place (1 = first column) among how many. */
  position?: number;
  stageCount?: number;
}

/** A note's post goes back to its lead's dialog, where the history is (without JavaScript). */
const leadDialog = (leadId: string) => `${CRM_PAGE}&lead=${encodeURIComponent(leadId)}`;

const crmIntent = doorIntents<CrmLawyer, CrmWritten>();

export const crmDoor = writeDoor({
  name: 'crm',
  scope: 'lawyer-area',
  open: (user: CurrentUser) => openCrm(user),
  back: CRM_PAGE,
  redirectStatus: 303,
  unknownIntent: { message: 'Ação desconhecida' },
  intents: {
    'mover-lead': crmIntent({
      schema: moveLeadSchema,
      echo: { leadId: ID_ECHO, stageId: ID_ECHO, motivo: 40, motivoOutro: OUTCOME_LIMITS.reasonText.max + 100, honorarios: 40 },
      run: async (lawyer, input) => {
        await moveLeadToStage(lawyer, input);
        return { message: CRM_MESSAGES.leadMoved, leadId: input.leadId, stageId: input.stageId };
      },
    }),
    'editar-lead': crmIntent({
      schema: editLeadSchema,
      echo: { leadId: ID_ECHO, nome: LEAD_LIMITS.nome.max, email: EMAIL_MAX_LENGTH, telefone: 20, mensagem: LEAD_LIMITS.mensagem.max },
      run: async (lawyer, input) => {
        await updateLead(lawyer, input);
        return { message: CRM_MESSAGES.leadUpdated, leadId: input.leadId };
      },
    }),
    'novo-lead': crmIntent({
      schema: newLeadSchema,
      echo: { nome: LEAD_LIMITS.nome.max, email: EMAIL_MAX_LENGTH, telefone: 20, cidade: 60, area_interesse: 60, mensagem: LEAD_LIMITS.mensagem.max },
      run: async (lawyer, input) => {
        const created = await createLead(lawyer, input);
        return { message: CRM_MESSAGES.leadCreated, leadId: created.id };
      },
    }),
    'salvar-etapas': crmIntent({
      schema: saveStagesSchema,
      lists: { stageId: STAGE_LIMITS.perLawyer, stageName: STAGE_LIMITS.perLawyer, stageColor: STAGE_LIMITS.perLawyer, stageKind: STAGE_LIMITS.perLawyer },
      run: async (lawyer, input) => {
        await saveStages(lawyer, input);
        return { message: CRM_MESSAGES.stagesSaved };
      },
    }),
    'nova-etapa': crmIntent({
      schema: addStageSchema,
      echo: { name: STAGE_LIMITS.name.max, color: 10, kind: 10 },
      run: async (lawyer, input) => {
        const created = await addStage(lawyer, input);
        return { message: CRM_MESSAGES.stageAdded, stageId: created.id };
      },
    }),
    'excluir-etapa': crmIntent({
      schema: deleteStageSchema,
      echo: { stageId: ID_ECHO },
      run: async (lawyer, input) => {
        await deleteStage(lawyer, input);
        return { message: CRM_MESSAGES.stageDeleted, stageId: input.stageId };
      },
    }),
    'ordenar-etapas': crmIntent({
      schema: reorderStageSchema,
      echo: { stageId: ID_ECHO, posicao: 10 },
      run: async (lawyer, input) => {
        const moved = await reorderStage(lawyer, input);
        return { message: stageMovedMessage(moved.name, moved.position, moved.stageCount), stageId: input.stageId, position: moved.position, stageCount: moved.stageCount };
      },
    }),
    'adicionar-nota': crmIntent({
      schema: addNoteSchema,
      echo: { leadId: ID_ECHO, nota: NOTE_LIMITS.max + 100 },
      run: async (lawyer, input) => {
        const created = await addLeadNote(lawyer, input);
        return { message: CRM_MESSAGES.noteAdded, leadId: input.leadId, noteId: created.id, redirectTo: leadDialog(input.leadId) };
      },
    }),
    'editar-nota': crmIntent({
      schema: editNoteSchema,
      echo: { leadId: ID_ECHO, noteId: ID_ECHO, nota: NOTE_LIMITS.max + 100 },
      run: async (lawyer, input) => {
        await editLeadNote(lawyer, input);
        return { message: CRM_MESSAGES.noteUpdated, leadId: input.leadId, noteId: input.noteId, redirectTo: leadDialog(input.leadId) };
      },
    }),
    'excluir-nota': crmIntent({
      schema: deleteNoteSchema,
      echo: { leadId: ID_ECHO, noteId: ID_ECHO },
      run: async (lawyer, input) => {
        await deleteLeadNote(lawyer, input);
        return { message: CRM_MESSAGES.noteDeleted, leadId: input.leadId, noteId: input.noteId, redirectTo: leadDialog(input.leadId) };
      },
    }),
    'definir-retorno': crmIntent({
      schema: followUpSchema,
      echo: { leadId: ID_ECHO, acao: 10, retornoData: 10, retornoHora: 5 },
      run: async (lawyer, input) => {
        await setFollowUp(lawyer, input);
        const message = input.acao === 'remover' ? CRM_MESSAGES.followUpCleared : CRM_MESSAGES.followUpSaved;
        return { message, leadId: input.leadId, redirectTo: leadDialog(input.leadId) };
      },
    }),
    // A WhatsApp or e-mail opened from the board: sent by the page's JavaScript without waiting, or through
    // /area-advogado/contato without it (routes/lawyer/lead-contact.ts; decision 0047).
    'registrar-contato': crmIntent({
      schema: recordContactSchema,
      echo: { leadId: ID_ECHO, canal: 20 },
      run: async (lawyer, input) => {
        const { contactUrl } = await recordLeadContact(lawyer, input);
        return { message: CRM_MESSAGES.contactRecorded, leadId: input.leadId, contactUrl, redirectTo: leadDialog(input.leadId) };
      },
    }),
  },
});
