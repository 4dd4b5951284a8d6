import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** One DynamoDB command as its caller issued it (document-client input, before marshalling). */
export interface IssuedCommand {
  /** Low-level command name without the suffix, e.g. `GetItem`, `TransactWriteItems`. */
  name: string;
  input: Record<string, unknown>;
  /** What DynamoDB answered it consumed, when the command asked (bench/heat/partition-heat.ts asks for it). */
  consumedCapacity?: unknown;
}

/**
 * Watches every command a document client sends: counts them by name for the
 * whole run (the Scan check) and, while `capture` is on, keeps each one (the
 * check that the raw call sequence mirrors the route's).
 */
export class CommandLog {
  readonly counts = new Map<string, number>();
  private captured: IssuedCommand[] | undefined;
  private readonly watches: Array<{ matches: (command: IssuedCommand) => boolean; count: number }> = [];

  constructor(readonly label: string) {}

  attach(client: DynamoDBDocumentClient): this {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const name = String(context.commandName ?? 'Unknown').replace(/Command$/, '');
        this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
        const issued: IssuedCommand = { name, input: structuredClone(args.input as Record<string, unknown>) };
        this.captured?.push(issued);
        for (const watch of this.watches) if (watch.matches(issued)) watch.count += 1;
        const result = await next(args);
        const { ConsumedCapacity } = result.output as { ConsumedCapacity?: unknown };
        if (ConsumedCapacity !== undefined) issued.consumedCapacity = ConsumedCapacity;
        return result;
      },
      { step: 'initialize', priority: 'high', name: `benchCommandLog-${this.label}` },
    );
    return this;
  }

  /** Runs `work` and returns the commands it issued through this client. */
  async capture(work: () => Promise<unknown>): Promise<IssuedCommand[]> {
    this.captured = [];
    try {
      await work();
      return this.captured;
    } finally {
      this.captured = undefined;
    }
  }

  count(name: string): number {
    return this.counts.get(name) ?? 0;
  }

  /** Counts, from now on, the commands that `matches` (e.g. the lease takes among a route's UpdateItems). */
  watch(matches: (command: IssuedCommand) => boolean): { readonly count: number } {
    const watch = { matches, count: 0 };
    this.watches.push(watch);
    return watch;
  }
}
