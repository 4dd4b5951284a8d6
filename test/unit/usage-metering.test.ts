import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Caller } from '../../shared/domain/auth/caller';
import * as keys from '../../shared/db/keys';
import { callMeterUpdate, deliveryMeterUpdate, meterShards } from '../../shared/db/usage/usage-meter-repository';
import { type MeteredCall, callMeterFields, callUsage } from '../../shared/http/usage-metering';

const caller: Caller = { orgcode: 'ACME', actor: 'tester', context_source: 'api_key', roles: [], owner: true };
const call = (idempotent: boolean, replayed = false): MeteredCall => ({
  route: { path: '/event/record', idempotent },
  caller,
  receivedAt: new Date('2026-11-20T23:59:59.999Z'),
  replayed,
});
const request = (body: string, isBase64Encoded = false) => ({ body, isBase64Encoded }) as APIGatewayProxyEventV2;
const answer = (statusCode: number, body: string) => ({ statusCode, body });

describe('callUsage', () => {
  it('counts the body bytes each way, multi-byte text and base64 bodies as the bytes sent', () => {
    expect(callUsage(call(false), request('{"a":"é"}'), answer(200, '{"b":"€"}'))).toEqual({
      records: 0,
      bandwidth_in_bytes: 10,
      bandwidth_out_bytes: 11,
      errors: 0,
    });
    expect(callUsage(call(false), request(Buffer.from('{"a":1}').toString('base64'), true), answer(200, '')).bandwidth_in_bytes).toBe(7);
  });

  it('counts a record for a successful call of an idempotent route only, never for its replay or a failure', () => {
    expect(callUsage(call(true), request('{}'), answer(200, '{}')).records).toBe(1);
    expect(callUsage(call(true, true), request('{}'), answer(200, '{}')).records).toBe(0);
    expect(callUsage(call(true), request('{}'), answer(409, '{}'))).toMatchObject({ records: 0, errors: 1 });
    expect(callUsage(call(false), request('{}'), answer(200, '{}')).records).toBe(0);
  });

  it('counts an error for every 4xx and 5xx answer', () => {
    for (const status of [400, 401, 404, 429, 500]) expect(callUsage(call(false), request('{}'), answer(status, '{}')).errors).toBe(1);
    expect(callUsage(call(false), request('{}'), answer(200, '{}')).errors).toBe(0);
  });
});

describe('callMeterFields', () => {
  it("names the meter by the caller's cost centre ('-' without one) and the UTC day of receipt, and counts one call", () => {
    expect(callMeterFields(call(true), request('{}'), answer(200, '{}'))).toEqual({
      cccode: '-',
      day: '2026-11-20',
      api_calls: 1,
      records: 1,
      bandwidth_in_bytes: 2,
      bandwidth_out_bytes: 2,
      errors: 0,
    });
    const withCostCentre = { ...call(false), caller: { ...caller, cccode: 'OPS1-2026-NY01' } };
    expect(callMeterFields(withCostCentre, request('{}'), answer(404, '{}'))).toMatchObject({ cccode: 'OPS1-2026-NY01', errors: 1 });
  });
});

describe('meter updates', () => {
  const scope = { orgcode: 'ACME', cccode: 'OPS1-2026-NY01', surface: '/event/get', day: '2026-11-20T23:59:59.999Z' };

  it("add calls' counters to one shard of the UTC day's meter of its cost centre and surface", () => {
    const totals = { api_calls: 1, records: 0, bandwidth_in_bytes: 20, bandwidth_out_bytes: 300, errors: 0 };
    const update = callMeterUpdate(scope, totals);
    const shard = Number(update.key.pk.split('#').pop());
    expect(shard).toBeGreaterThanOrEqual(0);
    expect(shard).toBeLessThan(meterShards);
    expect(update.key).toEqual(keys.usageMeter('ACME', '2026-11-20', shard, 'OPS1-2026-NY01', '/event/get'));
    expect(update.expression).toMatch(/ ADD api_calls :api_calls, records :records, bandwidth_in_bytes :bandwidth_in_bytes, bandwidth_out_bytes :bandwidth_out_bytes, errors :errors$/);
    expect(update.values).toMatchObject({ ':api_calls': 1, ':bandwidth_in_bytes': 20, ':bandwidth_out_bytes': 300, ':cccode': 'OPS1-2026-NY01', ':day': '2026-11-20' });
  });

  it('spread over the shards, deliveries as well as calls', () => {
    const shardOf = (pk: string) => pk.split('#').pop();
    const shards = new Set(Array.from({ length: 200 }, () => shardOf(deliveryMeterUpdate({ ...scope, surface: 'export_batch' }).key.pk)));
    expect(shards.size).toBe(meterShards);
    expect(deliveryMeterUpdate(scope).expression).toMatch(/ ADD deliveries :deliveries$/);
  });
});
