import { dynamo } from '../../shared/db/client';
import { isModeBookkeeping } from '../../shared/local/aws-like-bookkeeping';

/**
 * Runs `act` with a middleware on the document client that shows `onSend`
 * each command it sends (its low-level name, e.g. `QueryCommand`, and its
 * input as JSON) before sending it, and removes the middleware after. The
 * AWS-like mode's own reads are not shown unless asked for: AWS would never see them.
 */
export async function watchingSends<T>(
  onSend: (command: string, input: string) => Promise<void> | void,
  act: () => Promise<T>,
  { withModeBookkeeping = false }: { withModeBookkeeping?: boolean } = {},
): Promise<T> {
  const name = `watch-sends-${(watches += 1)}`;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (withModeBookkeeping || !isModeBookkeeping(context)) await onSend(context.commandName ?? '', JSON.stringify(args.input));
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    return await act();
  } finally {
    dynamo().middlewareStack.remove(name);
  }
}

let watches = 0;
