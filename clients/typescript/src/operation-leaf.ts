/** What the client knows at run time of one operation: a leaf of the generated `operations` tree. */
export interface OperationLeaf {
  path: string;
  /** The route takes `idempotency_key`. */
  idempotent?: true;
  /** The route requires `request_context`. */
  requiresContext?: true;
  /** A list's `data` field holding its items: the one array beside `next_token`. */
  items?: string;
}
