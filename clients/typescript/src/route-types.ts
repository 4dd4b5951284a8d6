import type { paths } from './generated/openapi.js';
import type { OperationLeaf } from './operation-leaf.js';

/**
 * The generated types seen per route: what a call sends and what it answers.
 * Nothing here restates a field; every type is read out of `paths`.
 */

export type RoutePath = keyof paths;
type Operation<Path extends RoutePath> = paths[Path]['post'];

/** The request body the contract declares for a route. */
export type RequestBody<Path extends RoutePath> = NonNullable<Operation<Path>['requestBody']>['content']['application/json'];

/** The envelope's `data` of a route's success. */
export type ResponseData<Path extends RoutePath> = Operation<Path>['responses'][200]['content']['application/json']['data'];

/** What a caller sends: the body, except `request_context`, which the client fills from its credential when left out. */
export type RequestInput<Path extends RoutePath> = Omit<RequestBody<Path>, 'request_context'> & {
  request_context?: RequestBody<Path>['request_context'];
};

/** A route whose request takes `next_token`. */
export type PagedPath = { [Path in RoutePath]: 'next_token' extends keyof RequestBody<Path> ? Path : never }[RoutePath];

/** The body argument: optional where the contract requires no field. */
export type BodyArgument<Path extends RoutePath> = {} extends RequestInput<Path> ? [body?: RequestInput<Path>] : [body: RequestInput<Path>];

type ItemOf<Leaf extends OperationLeaf> = Leaf extends { path: infer Path extends RoutePath; items: infer Field extends string }
  ? Field extends keyof ResponseData<Path>
    ? ResponseData<Path>[Field] extends ReadonlyArray<infer Item>
      ? Item
      : never
    : never
  : never;

/**
 * The client's method for one operation: a list iterates its items over every
 * page; any other operation answers its `data`.
 */
export type OperationMethod<Leaf extends OperationLeaf> = Leaf extends { path: infer Path extends RoutePath }
  ? Leaf extends { items: string }
    ? (...body: BodyArgument<Path>) => AsyncIterable<ItemOf<Leaf>>
    : (...body: BodyArgument<Path>) => Promise<ResponseData<Path>>
  : never;

/** The operations tree with every leaf made its method. */
export type OperationMethods<Tree> = {
  readonly [Name in keyof Tree]: Tree[Name] extends OperationLeaf ? OperationMethod<Tree[Name]> : OperationMethods<Tree[Name]>;
};
