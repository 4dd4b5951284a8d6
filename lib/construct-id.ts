/**
 * Construct ids derived from registry names (`event-record` → `EventRecord`), so a
 * resource's logical id follows its route's name and not its position in the list:
 * adding or reordering routes never replaces another route's resources.
 */
export function constructId(...kebabNames: string[]): string {
  return kebabNames
    .flatMap((name) => name.split(/[^A-Za-z0-9]+/))
    .filter((part) => part.length > 0)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}
