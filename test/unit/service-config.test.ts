import fc from 'fast-check';
import * as z from 'zod/mini';
import { awsExportSettleMs, environmentVariableNames, readEnvironment } from '../../shared/config';
import { validate } from '../../shared/domain/validation';

/**
 * The zod schema the environment was read with before its readers became plain functions (a
 * cold-start saving): the readers must answer every environment exactly as it did, value for
 * value and issue for issue.
 */
const zodEnvironment = z.object({
  TABLE_NAME: z.string().check(z.minLength(3)),
  BUCKET_NAME: z.optional(z.string().check(z.minLength(3))),
  // Since issue 29 the key replaced at the last rotation follows the current one after a comma, in the same variable.
  TOKEN_SIGNING_KEY: z.pipe(
    z.string().check(
      z.refine((value) => value.split(',').slice(0, 2).every((key) => key.length >= 32), { message: 'String must contain at least 32 character(s)', abort: true }),
      z.refine((value) => value.split(',').length <= 2, 'At most two keys: the current one and the one it replaced'),
    ),
    z.transform((value) => {
      const [current, previous] = value.split(',');
      return { current, previous };
    }),
  ),
  BUILD_VERSION: z.string().check(z.regex(/^\d+\.\d+\.\d+/)),
  BUILD_ID: z.string().check(z.minLength(1)),
  S3_FORCE_PATH_STYLE: z._default(z.enum(['true', 'false']), 'false'),
  EXPORT_WORKER_FUNCTION_NAME: z.optional(z.string().check(z.minLength(1))),
  DEAD_LETTER_QUEUE_URL: z.optional(z.string().check(z.minLength(1))),
  EVENT_BUS_NAME: z._default(z.string().check(z.minLength(1)), 'default'),
  ORG_RATE_LIMIT_PER_SECOND: z._default(z.coerce.number().check(z.positive(), z.maximum(1_000_000)), 100),
  ORG_RATE_LIMIT_BURST: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)), 200),
  EXPORT_BATCH_SIZE: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)), 10_000),
  EXPORT_SETTLE_MS: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(15 * 60_000)), awsExportSettleMs),
});

const valid = {
  TABLE_NAME: 'accounting',
  TOKEN_SIGNING_KEY: 'k'.repeat(32),
  BUILD_VERSION: '1.4.0',
  BUILD_ID: 'local',
};

/** Strings near every variable's edges: empty, short, long, versions, numbers in and out of range, not numbers. */
const variableText = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('', 'ab', `${'x'.repeat(32)},${'y'.repeat(32)}`, `${'x'.repeat(32)},${'y'.repeat(31)}`, `${'x'.repeat(32)},${'y'.repeat(32)},${'z'.repeat(32)}`, 'abc', 'true', 'false', 'TRUE', '1.2.3', '1.2', 'v1.2.3', '0', '-1', '0.5', '1', '1e3', '1e400', 'NaN', ' 7 ', '0x10', '1000000', '1000001', '900000', '900001', 'x'.repeat(31), 'x'.repeat(32)),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: -5, max: 2_000_000 }).map(String),
  fc.double({ noNaN: true, min: -10, max: 10 }).map(String),
);

describe('the service configuration read from the environment', () => {
  it('reads the variables the stack sets, with the defaults of the others', () => {
    const read = readEnvironment(valid);

    expect(read).toEqual({
      env: expect.objectContaining({ TABLE_NAME: 'accounting', TOKEN_SIGNING_KEY: { current: 'k'.repeat(32), previous: undefined }, S3_FORCE_PATH_STYLE: 'false', EVENT_BUS_NAME: 'default', ORG_RATE_LIMIT_BURST: 200, EXPORT_SETTLE_MS: awsExportSettleMs }),
    });
  });

  it('names every variable that is missing or wrong, in the API issue wording', () => {
    const read = readEnvironment({ ...valid, TABLE_NAME: undefined, TOKEN_SIGNING_KEY: 'short', ORG_RATE_LIMIT_BURST: '2.5', EXPORT_SETTLE_MS: '-1' });

    expect(read).toEqual({
      issues: [
        { path: 'environment.TABLE_NAME', message: 'Required' },
        { path: 'environment.TOKEN_SIGNING_KEY', message: 'String must contain at least 32 character(s)' },
        { path: 'environment.ORG_RATE_LIMIT_BURST', message: 'Expected integer, received float' },
        { path: 'environment.EXPORT_SETTLE_MS', message: 'Number must be greater than or equal to 0' },
      ],
    });
  });

  it('answers every environment as the zod schema it replaced did, values and issues', () => {
    expect(environmentVariableNames).toEqual(Object.keys(zodEnvironment.shape));
    const environment = fc.record(Object.fromEntries(environmentVariableNames.map((name) => [name, variableText])), { requiredKeys: [] });
    fc.assert(
      fc.property(environment, (source) => {
        const byZod = validate(zodEnvironment, source, 'environment');
        const read = readEnvironment(source as Record<string, string | undefined>);
        expect(read).toEqual(byZod.success ? { env: byZod.data } : { issues: byZod.issues });
      }),
      { numRuns: 2_000 },
    );
  });
});
