import { awsExportSettleMs } from '../../shared/config';
import { consumerFunctions } from '../../shared/routes/consumer-registry';
import { httpRoutes } from '../../shared/routes/registry';
import { routeTimeoutSeconds } from '../../shared/http/route-definition';

/**
 * An event's `recorded_at` is stamped when its function starts, and its write
 * commits before that function's deadline; the ledger is read consistently,
 * so a committed event is read at once. An export's window is read once its
 * cutoff is older than the AWS settle figure, so the figure must outlast the
 * slowest writer's deadline, with room for two functions' clocks to differ.
 */
describe('the AWS figure of EXPORT_SETTLE_MS', () => {
  it('outlasts the longest deadline of every function that writes the table by at least 5 s of clock difference', () => {
    const writerDeadlinesSeconds = [
      ...httpRoutes.filter((route) => route.stores.table === 'write').map(routeTimeoutSeconds),
      ...consumerFunctions.filter((consumer) => consumer.stores.table === 'write').map((consumer) => consumer.timeoutSeconds),
    ];
    const longestMs = Math.max(...writerDeadlinesSeconds) * 1000;

    expect(longestMs).toBeGreaterThanOrEqual(29_000);
    expect(awsExportSettleMs - longestMs).toBeGreaterThanOrEqual(5_000);
  });
});
