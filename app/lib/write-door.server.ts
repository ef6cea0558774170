import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { appErrorOrThrow, type UserFacingError } from './app-error';
import { flashToastCookie } from './flash-toast.server';
import { readFormData } from './form-fields.server';
import { parseForm, type FieldErrors, type ParsedForm } from './parse-form.server';
import type { WriteAnswer, WriteRefusal, WriteValues } from './write-answer';
import { throttleWrites, type WriteScope } from './write-throttle.server';

// The one door for a signed-in user's writes (docs/decisions/0034-write-door.md). A route hands the
// request and the session's user to `passDoor`; the door reads the form's `intent`, parses the form with
// that intent's zod schema, counts the write on the scope's throttle, opens the module's door (its gate:
// the capability every module function of the write takes), runs the write and answers in one shape.
// The throttle and the gate are called here and nowhere else by a route.

/** What a write that went through says: the toast, where a page post goes back to, and extra fields for data answers. */
export type Written<Extra extends object = object> = { message: string; redirectTo?: string } & Extra;

/** One form of a door: its schema and echoed values, and the write it runs with the door's capability. */
export interface DoorIntent<Capability, Extra extends object = object> {
  read(request: Request): Promise<ParsedForm<unknown, string, string>>;
  /** The refusal of a form the schema refused; without it, 400 with the field errors. */
  invalid?: (errors: FieldErrors) => UserFacingError;
  run(capability: Capability, input: unknown, request: Request): Promise<Written<Extra>>;
}

/** One form of a door as declared: `echo` and `lists` are parseForm's. */
export interface IntentSpec<Capability, Schema extends z.ZodType, Extra extends object, Echo extends string, List extends string> {
  schema: Schema;
  echo?: Record<Echo, number>;
  lists?: Record<List, number>;
  invalid?: (errors: FieldErrors) => UserFacingError;
  run: (capability: Capability, input: z.output<Schema>, request: Request) => Promise<Written<Extra>>;
}

/**
 * The declarer of a door's forms, for its capability (and what its writes add to a data answer):
 *
 *   const crmIntent = doorIntents<CrmLawyer>();
 *   crmIntent({ schema: moveLeadSchema, echo: { leadId: 64 }, run: async (lawyer, input) => ({ message }) })
 *
 * The values in `echo` and `lists` are shown again when the write is refused, whatever refuses it (the
 * schema, the throttle, the gate or the rule).
 */
export function doorIntents<Capability, Extra extends object = object>() {
  return <Schema extends z.ZodType, Echo extends string = never, List extends string = never>(spec: IntentSpec<Capability, Schema, Extra, Echo, List>): DoorIntent<Capability, Extra> => {
    const { schema, echo, lists, invalid, run } = spec;
    return {
      read: (request) => parseForm(request, schema, { ...(echo ? { echo } : {}), ...(lists ? { lists } : {}) }) as Promise<ParsedForm<unknown, string, string>>,
      ...(invalid ? { invalid } : {}),
      run: (capability, input, request) => run(capability, input as z.output<Schema>, request),
    };
  };
}

export interface WriteDoor<User, Capability, Door extends string, Intent extends string, Extra extends object = object> {
  /** Named in every answer, so that a page with several doors tells their answers apart. */
  name: Door;
  /** The write throttle the door counts on (app/lib/write-throttle.server.ts). */
  scope: WriteScope;
  /**
   * The module's gate for the session's user: the capability the writes take, or a refusal (an
   * AppError, answered like any other; or a Response thrown on purpose, a redirect, passed on).
   * A user the route could not sign in (null) is not counted on the throttle.
   */
  open(user: User, request: Request): Promise<Capability>;
  intents: Record<Intent, DoorIntent<Capability, Extra>>;
  /** Where a page post that went through goes back to, with its toast (an intent may name another place). */
  back: string | ((request: Request) => string);
  /** The redirect's status: each page keeps its own (302 by default, 303 for the CRM and monitoring). */
  redirectStatus?: 302 | 303;
  /** The refusal of a post whose intent no form of the door knows, and what of it is shown again. */
  unknownIntent: { message: string; echo?: Record<string, number> };
  /** A door of one form without an `intent` field (/editar-perfil): every post is that form. */
  soleIntent?: Intent;
}

/** Declares a door; the identity, for inference. */
export function writeDoor<User, Capability, Door extends string, Intent extends string, Extra extends object = object>(
  door: WriteDoor<User, Capability, Door, Intent, Extra>,
): WriteDoor<User, Capability, Door, Intent, Extra> {
  return door;
}

/**
 * How the answer goes back:
 * - 'page': a browser's form post: a refusal is the page's action data, a write that went through a
 *   redirect with the toast cookie;
 * - 'data': the same page, fetched by its own JavaScript: the answer is action data either way;
 * - 'json': a resource route: JSON either way, `Cache-Control: no-store`, `Retry-After` on a 429.
 */
export type AnswerMode = 'page' | 'data' | 'json';

/**
 * A page's own fetch (a board's drop, a dialog sent by the page's JavaScript) rather than a browser
 * navigation gets data back instead of a redirect. Browsers mark navigations with
 * `Sec-Fetch-Mode: navigate`; a request without the header is treated as a navigation.
 */
export function pageModeOf(request: Request): 'page' | 'data' {
  const mode = request.headers.get('Sec-Fetch-Mode');
  return mode !== null && mode !== 'navigate' ? 'data' : 'page';
}

async function postedIntent(request: Request): Promise<string | null> {
  const intent = (await readFormData(request.clone())).get('intent');
  return typeof intent === 'string' ? intent : null;
}

function knows<Intent extends string>(intents: Record<Intent, unknown>, intent: string | null): intent is Intent {
  return intent !== null && Object.hasOwn(intents, intent);
}

/** Whether the post names one of the door's intents (a page with several doors picks the one to pass). */
export async function doorKnows(door: { intents: Record<string, unknown>; soleIntent?: string }, request: Request): Promise<boolean> {
  return door.soleIntent !== undefined || knows(door.intents, await postedIntent(request));
}

type AnswerOf<Door extends string, Intent extends string, Extra extends object> = WriteAnswer<Door, Intent, Extra>;

/**
 * Passes one write through its door, in this order: the intent (an unknown one is refused, not
 * counted) → the form read with the intent's schema (its values kept for any refusal) → the throttle
 * (counted whether the write is then refused or not) → the module's gate → the schema's verdict → the
 * write. Any AppError on the way is answered with its status, message and Retry-After; anything else
 * thrown (a bug, a redirect on purpose) stays thrown.
 */
export async function passDoor<User extends { id: string } | null, Capability, Door extends string, Intent extends string, Extra extends object>(
  door: WriteDoor<User, Capability, Door, Intent, Extra>,
  request: Request,
  user: User,
  mode: 'json',
): Promise<Response>;
export async function passDoor<User extends { id: string } | null, Capability, Door extends string, Intent extends string, Extra extends object>(
  door: WriteDoor<User, Capability, Door, Intent, Extra>,
  request: Request,
  user: User,
  mode: 'page',
): Promise<ReturnType<typeof data<WriteRefusal<Door, Intent>>>>;
export async function passDoor<User extends { id: string } | null, Capability, Door extends string, Intent extends string, Extra extends object>(
  door: WriteDoor<User, Capability, Door, Intent, Extra>,
  request: Request,
  user: User,
  mode: 'page' | 'data',
): Promise<ReturnType<typeof data<AnswerOf<Door, Intent, Extra>>>>;
export async function passDoor<User extends { id: string } | null, Capability, Door extends string, Intent extends string, Extra extends object>(
  door: WriteDoor<User, Capability, Door, Intent, Extra>,
  request: Request,
  user: User,
  mode: AnswerMode,
): Promise<Response | ReturnType<typeof data<AnswerOf<Door, Intent, Extra>>>> {
  const intent = door.soleIntent ?? (await postedIntent(request));
  const refuse = (values: WriteValues, error: UserFacingError | null, errors: FieldErrors = {}) =>
    answer<Door, Intent, Extra>(mode, refusal(door.name, knows(door.intents, intent) ? intent : null, values, error, errors), error);

  if (!knows(door.intents, intent)) {
    const values = Object.fromEntries(Object.entries(door.unknownIntent.echo ?? {}).map(([name, max]) => [name, name === 'intent' ? (intent ?? '').slice(0, max) : '']));
    return refuse(values, { status: 400, message: door.unknownIntent.message });
  }
  const form = door.intents[intent];
  const parsed = await form.read(request);
  let capability: Capability;
  try {
    // Counted before anything else, refused or not: the same limit whatever path the write takes.
    if (user) await throttleWrites(door.scope, user.id);
    capability = await door.open(user, request);
  } catch (error) {
    return refuse(parsed.values, appErrorOrThrow(error));
  }
  if (!parsed.ok) return form.invalid ? refuse(parsed.values, form.invalid(parsed.errors)) : refuse(parsed.values, null, parsed.errors);

  let written: Written<Extra>;
  try {
    written = await form.run(capability, parsed.data, request);
  } catch (error) {
    return refuse(parsed.values, appErrorOrThrow(error));
  }
  const { redirectTo, ...done } = written;
  if (mode === 'page') {
    const to = redirectTo ?? (typeof door.back === 'string' ? door.back : door.back(request));
    throw redirect(to, { status: door.redirectStatus ?? 302, headers: { 'Set-Cookie': flashToastCookie(written.message) } });
  }
  return answer<Door, Intent, Extra>(mode, { ok: true, door: door.name, intent, ...done } as AnswerOf<Door, Intent, Extra>, null);
}

function refusal<Door extends string, Intent extends string>(door: Door, intent: Intent | null, values: WriteValues, error: UserFacingError | null, errors: FieldErrors): WriteRefusal<Door, Intent> {
  return {
    ok: false,
    door,
    intent,
    errors: error ? (error.field ? { [error.field]: error.message } : {}) : errors,
    message: error?.message ?? null,
    values,
  };
}

function answer<Door extends string, Intent extends string, Extra extends object>(mode: AnswerMode, body: AnswerOf<Door, Intent, Extra>, error: UserFacingError | null) {
  const status = error?.status ?? (body.ok ? 200 : 400);
  const headers = new Headers();
  if (error?.retryAfter) headers.set('Retry-After', String(error.retryAfter));
  if (mode === 'json') {
    headers.set('Cache-Control', 'no-store');
    return Response.json(body, { status, headers });
  }
  return data(body, { status, headers });
}
