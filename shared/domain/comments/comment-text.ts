/**
 * Hashtags and mentions written in a comment's body (docs/decisions.md:
 * Comments). Both are found only where a word starts, so `a#b`, an HTML
 * entity `&#39;`, a URL's `/#fragment` and an e-mail address
 * `alice@example.com` are neither.
 *
 * - `#tag`: a letter or digit, then letters, digits, `_` or `-` (at most 64
 *   characters). Tags are kept lowercased: `#Q4-Close` and `#q4-close` are one tag.
 * - `@name`: a letter or digit, then letters, digits, `_`, `.` or `-` (at most
 *   128 characters), a trailing `.` or `-` being punctuation. A name that is one
 *   of the service's roles (`@finance_audit`) mentions that team; any other names
 *   a user (an actor) as written.
 */

/**
 * A pattern made on first use: V8 takes about 0.2 ms to make one with a
 * Unicode property class (`\p{L}`), which a comment route that reads no body
 * or hashtag should not pay at its cold start (docs/decisions.md: Performance).
 */
function madeOnFirstUse(make: () => RegExp): () => RegExp {
  let pattern: RegExp | undefined;
  return () => (pattern ??= make());
}

const hashtagInText = madeOnFirstUse(() => /(?<![\p{L}\p{N}_&#/])#([\p{L}\p{N}][\p{L}\p{N}_-]{0,63})/gu);
const mentionInText = madeOnFirstUse(() => /(?<![\p{L}\p{N}_.@])@([\p{L}\p{N}][\p{L}\p{N}_.-]{0,127})/gu);

/** What an explicit hashtag must look like once its optional leading `#` is dropped. */
export const hashtagPattern = madeOnFirstUse(() => /^[\p{L}\p{N}][\p{L}\p{N}_-]{0,63}$/u);

/** A hashtag as stored and matched: without `#`, lowercased. */
export function normalisedHashtag(tag: string): string {
  return tag.replace(/^#/, '').toLowerCase();
}

export function hashtagsIn(body: string | undefined): string[] {
  return [...(body ?? '').matchAll(hashtagInText())].map((match) => normalisedHashtag(match[1] as string));
}

export interface Mentions {
  users: string[];
  teams: string[];
}

export function mentionsIn(body: string | undefined, teams: readonly string[]): Mentions {
  const names = [...(body ?? '').matchAll(mentionInText())].map((match) => (match[1] as string).replace(/[.-]+$/, ''));
  return {
    users: names.filter((name) => !teams.includes(name)),
    teams: names.filter((name) => teams.includes(name)),
  };
}

/** The values in first-seen order, each once. */
export function distinct(values: readonly string[]): string[] {
  return [...new Set(values)];
}
