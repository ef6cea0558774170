import { randomBytes } from 'node:crypto';
import type { LeadRequestOutcome } from './lead-requests';

/**
 * The outcome of a request, carried across the redirect that follows it (post/redirect/get) in a
 * one-time cookie, so that a reload never sends the form again and no other visitor ever sees it: the
 * cookie's name marks the response as personal for the page cache (server/public-page-cache.ts), and
 * the page clears it as soon as it has read it. The random part lets the page tell one result from
 * the next (the form is reset on each).
 */
const COOKIE = 'jusconecta_solicitacao';
const VALUE = /^(matched|unmatched)\.([A-Za-z0-9_-]{8})$/;

export function leadRequestOutcomeCookie(outcome: LeadRequestOutcome): string {
  return `${COOKIE}=${outcome}.${randomBytes(6).toString('base64url')}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

export const clearLeadRequestOutcomeCookie = `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

export function readLeadRequestOutcome(request: Request): { outcome: LeadRequestOutcome; id: string } | null {
  const match = new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]*)`).exec(request.headers.get('cookie') ?? '');
  const value = match?.[1] ? VALUE.exec(match[1]) : null;
  return value ? { outcome: value[1] as LeadRequestOutcome, id: value[2]! } : null;
}
