import { describe, expect, test } from 'vitest';
import { databaseAddress, isDatabaseConnectionLoss } from './lifecycle';

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

  test("a network error counts only on the database's own host and port", () => {
    const database = databaseAddress('postgres://app:senha@10.0.0.5:6432/jusconecta')!;
    expect(database).toEqual({ host: '10.0.0.5', port: 6432 });
    const refused = (address: string, port: number) => Object.assign(new Error(`connect ECONNREFUSED ${address}:${port}`), { code: 'ECONNREFUSED', address, port });
    expect(isDatabaseConnectionLoss(refused('10.0.0.5', 6432), database)).toBe(true);
    expect(isDatabaseConnectionLoss(refused('10.0.0.5', 587), database)).toBe(false);
    expect(isDatabaseConnectionLoss(refused('10.0.0.9', 6432), database)).toBe(false);
    expect(isDatabaseConnectionLoss(refused('10.0.0.5', 6432))).toBe(false);
    // A host name: the port decides (the address is whatever it resolved to).
    expect(isDatabaseConnectionLoss(refused('172.18.0.2', 5432), databaseAddress('postgres://postgres:5432/jusconecta'))).toBe(true);
    expect(databaseAddress(undefined)).toBeUndefined();
  });
});
