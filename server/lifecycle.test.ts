import net from 'node:net';
import pg from 'pg';
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

  test("a connection reset under one of node-postgres's pool queries counts; the same reset elsewhere does not", async () => {
    // A server that resets each connection once the client has written to it: what a backend killed under
    // a connection looks like to the driver ('read ECONNRESET', no address on the error).
    const resetter = net.createServer((socket) => socket.once('data', () => socket.resetAndDestroy()));
    await new Promise<void>((resolve) => resetter.listen(0, '127.0.0.1', resolve));
    const { port } = resetter.address() as net.AddressInfo;
    try {
      const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'app', database: 'app', connectionTimeoutMillis: 2_000 });
      pool.on('error', () => undefined);
      const fromPool = await pool.query('select 1').then(() => undefined, (error: unknown) => error);
      await pool.end();
      expect(fromPool).toMatchObject({ code: 'ECONNRESET', syscall: 'read' });
      // The database's address is another one (a host name, a proxy): the driver's frame decides.
      expect(isDatabaseConnectionLoss(fromPool, databaseAddress('postgres://postgres:5433/jusconecta'))).toBe(true);

      const fromElsewhere = await new Promise<unknown>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('connect', () => socket.write('EHLO jusconecta\r\n'));
        socket.on('error', resolve);
      });
      expect(fromElsewhere).toMatchObject({ code: 'ECONNRESET', syscall: 'read' });
      expect(isDatabaseConnectionLoss(fromElsewhere, databaseAddress('postgres://postgres:5433/jusconecta'))).toBe(false);
    } finally {
      resetter.close();
    }
  });
});
