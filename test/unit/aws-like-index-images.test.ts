import { addEarlierImages, keyConditionTest } from '../../shared/local/aws-like-index-images';

/** Queue entries on gsi3 as the work queue writes them: due time first in the sort key. */
const entry = (due: string, id: string) => ({ pk: `ORG#A#EXPORT#${id}`, sk: 'EXPORT', gsi3pk: 'SYSTEM#EXPORT_WORK', gsi3sk: `${due}#A#${id}`, export_id: id });
const dueQuery = {
  IndexName: 'gsi3',
  KeyConditionExpression: 'gsi3pk = :queue AND gsi3sk < :due',
  ExpressionAttributeValues: { ':queue': 'SYSTEM#EXPORT_WORK', ':due': '2026-11-20T12:00:00.000Z$' },
};
const always = () => true;

describe('the AWS-like mode\'s earlier index images', () => {
  it('reads the key conditions the service writes: =, <, BETWEEN, begins_with, with #names', () => {
    const item = { gsi1pk: 'ORG#A#EVENTS', gsi1sk: '2026-11-20T10:00:00Z#evt_1', n: 5 };
    const holds = (KeyConditionExpression: string, values: Record<string, unknown>, names?: Record<string, string>) =>
      keyConditionTest({ KeyConditionExpression, ExpressionAttributeValues: values, ExpressionAttributeNames: names })?.(item);
    expect(holds('gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to', { ':pk': 'ORG#A#EVENTS', ':from': '2026-11-20', ':to': '2026-11-21' })).toBe(true);
    expect(holds('gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to', { ':pk': 'ORG#A#EVENTS', ':from': '2026-11-21', ':to': '2026-11-22' })).toBe(false);
    expect(holds('#p = :pk AND begins_with(#s, :prefix)', { ':pk': 'ORG#A#EVENTS', ':prefix': '2026-11-20T10' }, { '#p': 'gsi1pk', '#s': 'gsi1sk' })).toBe(true);
    expect(holds('gsi1pk = :pk AND gsi1sk >= :from', { ':pk': 'ORG#B#EVENTS', ':from': '2026' })).toBe(false);
    expect(holds('gsi1pk = :pk AND n > :low', { ':pk': 'ORG#A#EVENTS', ':low': 4 })).toBe(true);
    expect(keyConditionTest({ KeyConditionExpression: 'gsi1pk = :pk OR gsi1sk = :sk' })).toBeUndefined();
  });

  it('adds an earlier image where the query would have found it, in the index order, projected as asked', () => {
    const output = { Items: [entry('2026-11-20T09:00:00.000Z', 'exp_a'), entry('2026-11-20T11:00:00.000Z', 'exp_c')], Count: 2 };
    const earlier = [entry('2026-11-20T10:00:00.000Z', 'exp_b'), entry('2026-11-20T13:00:00.000Z', 'exp_late')];

    const added = addEarlierImages({ ...dueQuery, ProjectionExpression: 'export_id, gsi3sk' }, output, earlier, always);

    expect(added.map((image) => image.export_id)).toEqual(['exp_b']);
    expect(output.Items.map((item) => item.export_id)).toEqual(['exp_a', 'exp_b', 'exp_c']);
    expect(output.Items[1]).toEqual({ export_id: 'exp_b', gsi3sk: '2026-11-20T10:00:00.000Z#A#exp_b' });
    expect(output.Count).toBe(3);
  });

  it('keeps to the page: past its start key, not past its last evaluated key, within its limit, and none under a filter it cannot read', () => {
    const earlier = [entry('2026-11-20T08:00:00.000Z', 'exp_0'), entry('2026-11-20T10:00:00.000Z', 'exp_b'), entry('2026-11-20T11:30:00.000Z', 'exp_d')];
    const page = () => ({ Items: [entry('2026-11-20T09:00:00.000Z', 'exp_a'), entry('2026-11-20T11:00:00.000Z', 'exp_c')], Count: 2 });
    const ids = (query: Record<string, unknown>, output = page() as Record<string, any>) =>
      addEarlierImages({ ...dueQuery, ...query }, output, earlier, always).map((image) => image.export_id);

    expect(ids({ ExclusiveStartKey: entry('2026-11-20T08:30:00.000Z', 'exp_s') })).toEqual(['exp_b', 'exp_d']);
    expect(ids({}, { ...page(), LastEvaluatedKey: entry('2026-11-20T11:00:00.000Z', 'exp_c') })).toEqual(['exp_0', 'exp_b']);
    expect(ids({ Limit: 3 })).toEqual(['exp_0']);
    expect(ids({ FilterExpression: 'attribute_exists(export_id)' })).toEqual([]);
    expect(ids({ IndexName: 'gsi9' })).toEqual([]);
    expect(ids({ ScanIndexForward: false }, { Items: [] })).toEqual(['exp_0', 'exp_b', 'exp_d']);
  });

  it('offers an image only when the draw says so', () => {
    const output = { Items: [] as Record<string, unknown>[], Count: 0 };
    const added = addEarlierImages(dueQuery, output, [entry('2026-11-20T10:00:00.000Z', 'exp_b')], () => false);
    expect(added).toEqual([]);
    expect(output.Items).toEqual([]);
  });
});
