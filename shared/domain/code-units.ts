/**
 * Orders two strings by their UTF-16 code units, as `<` compares them: the
 * same order on every machine and in every locale (`localeCompare` is
 * neither), so a file, a report or a list sorted by a code reads the same
 * wherever it was made.
 */
export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
