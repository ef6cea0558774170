import { describe, expect, test } from 'vitest';
import { isDatabaseConnectionLoss } from './lifecycle';

// The one kind of unhandled rejection the server survives (pg-boss's un-awaited complete/fail while
// PostgreSQL's connections go away): everything else still ends the process.
describe('isDatabaseConnectionLoss', () => {
  test("PostgreSQL's connection ended or lost, directly or as a cause", () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isDatabaseConnectionLoss(terminated)).toBe(true);
    expect(isDatabaseConnectionLoss(Object.assign(new Error('the database system is shutting down'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseConnectionLoss(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
    expect(isDatabaseConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseConnectionLoss(Object.assign(new Error('Failed query: update pgboss.job'), { cause: terminated }))).toBe(true);
  });

  test('anything else is not: a refused statement, a bug, another service refusing a connection', () => {
    expect(isDatabaseConnectionLoss(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseConnectionLoss(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(false);
    expect(isDatabaseConnectionLoss(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseConnectionLoss(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:587'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isDatabaseConnectionLoss(undefined)).toBe(false);
    expect(isDatabaseConnectionLoss('57P01')).toBe(false);
  });
});
