import { AppError } from '~/lib/app-error';

/** What an AppError tells the page, as a plain object (only the fields it has), to compare with toEqual. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  retryAfter?: number;
  field?: string;
  setCookies?: readonly string[];
}

/**
 * The AppError a module call refused with, as a `Refusal`. Fails the test when the call went through,
 * and throws again anything that is not an AppError (a bug).
 */
export async function refusalOf(call: Promise<unknown>): Promise<Refusal> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { status, code, message, retryAfter, field, setCookies } = error;
    return {
      status,
      code,
      message,
      ...(retryAfter === undefined ? {} : { retryAfter }),
      ...(field === undefined ? {} : { field }),
      ...(setCookies === undefined ? {} : { setCookies }),
    };
  }
  throw new Error('expected the call to be refused with an AppError, but it went through');
}
