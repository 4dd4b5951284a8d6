/** The context key a command the AWS-like mode sends for itself carries. */
const bookkeepingFlag = 'awsLikeBookkeeping';

/**
 * Marks a command the AWS-like mode sends for its own bookkeeping (the read
 * of a write's earlier images): AWS would never see it, so the partitions do
 * not meter it and a test watching what the service sends does not count it.
 */
export function asModeBookkeeping<Command extends { middlewareStack: { add(...args: any[]): void } }>(command: Command): Command {
  command.middlewareStack.add(
    (next: (args: unknown) => Promise<unknown>, context: Record<string, unknown>) => (args: unknown) => {
      context[bookkeepingFlag] = true;
      return next(args);
    },
    // Overridable: a document client's command resolves its own stack twice (its own and the low-level command's).
    { step: 'initialize', priority: 'high', name: bookkeepingFlag, override: true },
  );
  return command;
}

/** Whether the command a middleware sees (by its context) is the mode's own bookkeeping. */
export const isModeBookkeeping = (context: Record<string, unknown>): boolean => context[bookkeepingFlag] === true;
