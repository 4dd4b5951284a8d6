import path from 'node:path';
import { circles, folderGraph, importGraph } from '../support/import-graph';

/**
 * The house's arrows run one way (docs/decisions.md: Layout). A new circle or
 * an arrow back down the layers fails here, when it is made, not at the next
 * outside review.
 */
const graph = importGraph(path.resolve(__dirname, '../..'));

const importsOf = (folder: RegExp) => [...graph].filter(([file]) => folder.test(file));
const reaching = (files: ReturnType<typeof importsOf>, forbidden: RegExp) =>
  files.flatMap(([file, targets]) => targets.filter((target) => forbidden.test(target)).map((target) => `${file} -> ${target}`));

describe('the import graph of the source (tests apart)', () => {
  it('reads every source folder', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect([...graph.keys()].some((file) => file.startsWith('bench/'))).toBe(true);
  });

  it('has no circle: no two modules import each other, however far round', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('has no circle between folders either, so the folders stand in layers with every arrow running down', () => {
    expect(circles(folderGraph(graph))).toEqual([]);
  });

  it('keeps the domain free of storage, HTTP, Lambda and the local stack', () => {
    expect(reaching(importsOf(/^shared\/domain\//), /^shared\/(db|http|lambda|local|s3|sqs|routes)\//)).toEqual([]);
  });

  it('keeps storage free of routes and HTTP', () => {
    expect(reaching(importsOf(/^shared\/db\//), /^shared\/(routes|http)\//)).toEqual([]);
  });

  it('keeps the storage core (shared/db/*.ts) free of every family folder under it', () => {
    expect(reaching(importsOf(/^shared\/db\/[^/]+\.ts$/), /^shared\/db\/[^/]+\//)).toEqual([]);
  });
});
