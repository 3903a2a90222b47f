import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.ts';

/** What node-postgres and drizzle throw when the server goes away, and what they throw otherwise. */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a terminated backend (failover, restart)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a server starting up or in recovery', withCode('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    [
      'a client that lost its connection',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['no connection within the limit', new Error('timeout exceeded when trying to connect')],
    ['no answer within the limit', new Error('The database did not answer within 5000 ms')],
    [
      'any of them wrapped by drizzle',
      new DrizzleQueryError(
        'select 1',
        [],
        withCode('terminating connection due to administrator command', '57P01'),
      ),
    ],
  ])('%s: yes', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a statement error', withCode('syntax error at or near "selec"', '42601')],
    ['a serialization failure', withCode('could not serialize access', '40001')],
    ['an error of our own', new Error('order not found')],
    ['not an error at all', 'Connection terminated unexpectedly'],
  ])('%s: no', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
