import * as z from 'zod/mini';
import { knownRoles } from '../auth/roles';
import { builtOnFirstUse, clientId, commonRequestFields, listLimit, nextToken, revision, sourceRefs, text } from '../common-schemas';
import { lifecycleStatuses } from '../lifecycle';
import { inboxBody, inboxKind, inboxStates, inboxTitle } from './inbox-item';

/** Most items one `/inbox/state` call marks by id (one DynamoDB transaction). */
export const maxItemsPerStateCall = 100;

/** A record family's name, as a target of an item (`invoice`, `export_batch`, another service's `ticket`). */
const targetType = z.string().check(z.maxLength(64), z.regex(/^[a-z][a-z0-9_]*$/, 'must be a lowercase snake_case name such as invoice'));

export const inboxCreateRequest = builtOnFirstUse(() =>
  z
    .strictObject({
      /** Optional: stored and echoed exactly; a second item with it is 409 duplicate_id. */
      item_id: z.optional(clientId),
      user_guid: z.optional(text(1, 256)),
      team: z.optional(z.enum(knownRoles)),
      kind: inboxKind,
      title: inboxTitle,
      body: z.optional(inboxBody),
      target_type: z.optional(targetType),
      target_id: z.optional(text(1, 512)),
      source_refs: z.optional(sourceRefs),
      ...commonRequestFields,
    })
    .check(
      z.refine((input) => (input.user_guid === undefined) !== (input.team === undefined), {
        path: ['user_guid'],
        error: 'give exactly one of user_guid or team',
      }),
      z.refine((input) => (input.target_type === undefined) === (input.target_id === undefined), {
        path: ['target_id'],
        error: 'target_type and target_id go together',
      }),
    ),
);
export type InboxCreateRequest = z.infer<typeof inboxCreateRequest>;

export const inboxGetRequest = builtOnFirstUse(() => z.strictObject({ item_id: clientId, ...commonRequestFields }));

export const inboxListRequest = builtOnFirstUse(() => z.strictObject({
  /** Without it, read and unread. */
  state: z.optional(z.enum(inboxStates)),
  /** Without it, current. */
  status: z.optional(z.enum(lifecycleStatuses)),
  kind: z.optional(inboxKind),
  limit: listLimit(),
  next_token: nextToken,
  ...commonRequestFields,
}));

export const inboxStatusRequest = builtOnFirstUse(() => z.strictObject({
  item_id: clientId,
  status: z.enum(lifecycleStatuses),
  expected_revision: z.optional(revision),
  ...commonRequestFields,
}));
export type InboxStatusRequest = z.infer<typeof inboxStatusRequest>;

export const inboxStateRequest = builtOnFirstUse(() =>
  z
    .strictObject({
      state: z.enum(inboxStates),
      item_id: z.optional(clientId),
      item_ids: z.optional(z.array(clientId).check(z.minLength(1), z.maxLength(maxItemsPerStateCall))),
      /** Every item of the caller's (and its teams') unread now: "all read up to now". */
      all: z.optional(z.literal(true)),
      ...commonRequestFields,
    },
)
  .check(
    z.refine((input) => [input.item_id, input.item_ids, input.all].filter((given) => given !== undefined).length === 1, {
      path: ['item_id'],
      error: 'give exactly one of item_id, item_ids or all: true',
    }),
    z.refine((input) => input.all === undefined || input.state === 'read', {
      path: ['state'],
      error: 'all: true marks items read; give state read',
    }),
  ));
export type InboxStateRequest = z.infer<typeof inboxStateRequest>;
