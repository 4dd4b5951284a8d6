/** Runs `task` over the items with at most `width` in flight (DynamoDB calls that need not wait for one another). */
export async function inParallel<T>(items: readonly T[], task: (item: T) => Promise<unknown>, width = 16): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
