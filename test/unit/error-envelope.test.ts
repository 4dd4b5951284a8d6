import { RevisionConflictError, ValidationError } from '../../shared/domain/errors';
import { errorEnvelope } from '../../shared/http/envelope';
import { toAccountingError } from '../../shared/http/error-mapper';

const statsInput = {
  call: 'event.get',
  requestId: 'req-1',
  traceId: 'trace-1',
  receivedAt: new Date('2026-11-21T00:00:00Z'),
  build: { build_major: '0', build_minor: '1', build_id: 'test' },
};

describe('error envelope', () => {
  it('carries supplied and current revision and the conflict snapshot on a revision conflict', () => {
    const envelope = errorEnvelope(new RevisionConflictError(2, 5), statsInput);
    expect(envelope).toMatchObject({
      success: false,
      error: {
        error_code: 'accounting.conflict_revision',
        http_status: 409,
        retryable: false,
        request_id: 'req-1',
        trace_id: 'trace-1',
        major: { tag: 'conflict' },
        details: { supplied_revision: 2, current_revision: 5 },
      },
      conflict_snapshot: { revision: 5 },
      stats: { call: 'event.get', service: 'accounting', timestamp_utc: '2026-11-21T00:00:00.000Z' },
    });
  });

  it('lists every failing field of a validation error', () => {
    const envelope = errorEnvelope(
      new ValidationError([
        { path: 'a', message: 'is required' },
        { path: 'b.0', message: 'is not a number' },
      ]),
      statsInput,
    );
    expect(envelope.error.details).toEqual({
      issues: [
        { path: 'a', message: 'is required' },
        { path: 'b.0', message: 'is not a number' },
      ],
    });
    expect(envelope.error.major.message.en_US).toBe(envelope.error.message);
  });

  it('turns an unexpected error into a 500 that reveals nothing', () => {
    const error = toAccountingError(new Error('connect ECONNREFUSED 10.0.0.1:8000 secret-table'));
    const envelope = errorEnvelope(error, statsInput);
    expect(envelope.error).toMatchObject({ http_status: 500, error_code: 'accounting.internal', retryable: true });
    expect(JSON.stringify(envelope)).not.toContain('ECONNREFUSED');
  });
});
