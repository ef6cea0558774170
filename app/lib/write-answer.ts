import type { FormErrorData } from './app-error';

/** The values a refused write shows again (parseForm's `echo` as strings, its `lists` as arrays). */
export type WriteValues = Partial<Record<string, string | string[]>>;

/**
 * What a write that went through the door (app/lib/write-door.server.ts) answers when it did not redirect:
 * the page's action data, or the JSON of a fetch. `door` names the door (one page may hold several:
 * the lawyer area's CRM, monitoring and messaging card), `intent` the form (null: an unknown one).
 */
export type WriteAnswer<Door extends string = string, Intent extends string = string, Extra extends object = object> = WriteDone<Door, Intent, Extra> | WriteRefusal<Door, Intent>;

/** The write went through: its toast message and whatever the intent adds (the new lead's id). */
export type WriteDone<Door extends string = string, Intent extends string = string, Extra extends object = object> = { ok: true; door: Door; intent: Intent; message: string } & Extra;

/** The write was refused: the form error of every form (field errors, a message, the values kept). */
export interface WriteRefusal<Door extends string = string, Intent extends string = string> extends FormErrorData<WriteValues> {
  ok: false;
  door: Door;
  intent: Intent | null;
}

/** The refusal of a write, or undefined: what a page passes to the form that may show it. */
export function refusalOf<Door extends string, Intent extends string = string>(answer: WriteAnswer | undefined, door: Door): WriteRefusal<Door, Intent> | undefined {
  return answer && !answer.ok && answer.door === door ? (answer as WriteRefusal<Door, Intent>) : undefined;
}
