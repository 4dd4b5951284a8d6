import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { type Role, knownRoles } from '../auth/roles';
import type { Caller } from '../auth/caller';
import type { ChangeOrigin } from '../change-origin';
import { type SourceRef, builtOnFirstUse, instant, requestContext, sourceRef, text } from '../common-schemas';
import { lifecycleStatuses } from '../lifecycle';

/**
 * Inbox items (docs/decisions.md: Inbox): something for one user (an actor)
 * or one team to look at. A team is a role: an item for team `finance_audit`
 * is seen, and read or archived, by every caller holding that role, as one
 * shared item. Items have the lifecycle status of comments (`current`,
 * `archived`, `doomed`) and a read state, `unread` or `read`, which is a mark
 * on the item rather than a change of it (no revision).
 */
export const inboxStates = ['unread', 'read'] as const;
export type InboxState = (typeof inboxStates)[number];

export type Addressee = { user_guid: string } | { team: Role };

/** The addressees whose items a caller sees: its own actor and each of its roles. */
export function addresseesOf(caller: Pick<Caller, 'actor' | 'roles'>): Addressee[] {
  const teams = knownRoles.filter((role) => caller.roles.includes(role));
  return [{ user_guid: caller.actor }, ...teams.map((team) => ({ team }))];
}

export function isAddressedTo(item: Pick<InboxItem, 'user_guid' | 'team'>, caller: Pick<Caller, 'actor' | 'roles'>): boolean {
  return item.user_guid !== undefined ? item.user_guid === caller.actor : item.team !== undefined && caller.roles.includes(item.team);
}

export function addresseeOf(item: Pick<InboxItem, 'user_guid' | 'team'>): Addressee {
  return item.team !== undefined ? { team: item.team } : { user_guid: item.user_guid ?? '' };
}

/** What an item is about: dotted lowercase, like event types (`export.failed`, `task.review`). */
export const inboxKind = z.string().check(
  z.maxLength(64),
  z.regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/, 'must be a dotted lowercase name such as task.review'),
);

/** The kinds of the items the service puts in inboxes itself. */
export const serviceKinds = {
  mention: 'comment.mention',
  reply: 'comment.reply',
  exportReady: 'export.ready',
  exportFailed: 'export.failed',
  payoutApproved: 'payout.approved',
  deadLettered: 'event.dead_lettered',
} as const;

export const inboxItemSchema = builtOnFirstUse(() => z.object({
  item_id: z.string(),
  orgcode: z.string(),
  /** The user (actor) the item is for; absent on a team's item. */
  user_guid: z.optional(z.string()),
  /** The team (role) the item is for; absent on a user's item. */
  team: z.optional(z.enum(knownRoles)),
  kind: z.string(),
  title: z.string(),
  body: z.optional(z.string()),
  /** The record the item is about, when there is one. */
  target_type: z.optional(z.string()),
  target_id: z.optional(z.string()),
  /** What put the item there (a comment, an event, an export, a payout). */
  source_refs: z.array(sourceRef),
  status: z.enum(lifecycleStatuses),
  state: z.enum(inboxStates),
  read_at: z.optional(instant),
  revision: z.int(),
  request_context: requestContext,
  created_at: instant,
  updated_at: instant,
}));
export type InboxItem = z.infer<typeof inboxItemSchema>;

/**
 * The id of an item the service puts in an inbox: derived from its cause (the
 * first 128 bits of a SHA-256), so a cause met twice (an event redelivered, a
 * build's outcome published again) writes the same item, once.
 */
export function derivedItemId(...cause: string[]): string {
  return `inb_${createHash('sha256').update(cause.join('\n'), 'utf8').digest('hex').slice(0, 32)}`;
}

/** A key part naming the addressee, for ids derived from a cause per addressee. */
export function addresseeKey(addressee: Addressee): string {
  return 'team' in addressee ? `team:${addressee.team}` : `user:${addressee.user_guid}`;
}

export interface InboxItemFields {
  item_id: string;
  addressee: Addressee;
  kind: string;
  title: string;
  body?: string;
  target?: { target_type: string; target_id: string };
  source_refs?: SourceRef[];
}

/** Longest title and body an item gets, whoever writes it. */
export const inboxTextLimits = { title: 256, body: 4000 } as const;

export const inboxTitle = text(1, inboxTextLimits.title);
export const inboxBody = text(1, inboxTextLimits.body);

/** `value` cut to `max` characters, with an ellipsis when cut: service-made titles quote ids and bodies. */
export function clipped(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}

/** A new item: current and unread, at revision 1. */
export function newInboxItem(fields: InboxItemFields, origin: ChangeOrigin): InboxItem {
  const now = origin.now.toISOString();
  return {
    item_id: fields.item_id,
    orgcode: origin.orgcode,
    ...fields.addressee,
    kind: fields.kind,
    title: clipped(fields.title, inboxTextLimits.title),
    ...(fields.body !== undefined && { body: clipped(fields.body, inboxTextLimits.body) }),
    ...fields.target,
    source_refs: fields.source_refs ?? [],
    status: 'current',
    state: 'unread',
    revision: 1,
    request_context: origin.requestContext,
    created_at: now,
    updated_at: now,
  };
}
