import type { ChangeOrigin } from '../change-origin';
import type { Comment } from '../comments/comment';
import type { Mentions } from '../comments/comment-text';
import type { Role } from '../auth/roles';
import {
  type Addressee,
  type InboxItem,
  addresseeKey,
  clipped,
  derivedItemId,
  newInboxItem,
  serviceKinds,
} from './inbox-item';

/**
 * The items the service puts in inboxes itself (docs/decisions.md: Inbox),
 * each with an id derived from its cause, so that however often the cause is
 * delivered or retried, it is one item. Nobody is told of their own doing: an
 * author's own mention, a reply to oneself, approving one's own payout.
 */

/** What a notice quotes of a comment: its caption, else the start of its body. */
function commentExcerpt(comment: Comment): string | undefined {
  const text = comment.caption ?? comment.body;
  return text === undefined ? undefined : clipped(text, 500);
}

const commentTarget = (comment: Comment) => ({ target_type: comment.target_type, target_id: comment.target_id });
const commentRef = (comment: Comment) => [{ kind: 'comment', id: comment.comment_id }];

/**
 * An item per user and team a comment's revision mentions anew (`mentions`):
 * the revision is part of the cause, so a mention added by a later revision
 * notifies again, and a replayed change does not.
 */
export function mentionNotices(comment: Comment, mentions: Mentions, origin: ChangeOrigin): InboxItem[] {
  const author = comment.request_context.actor;
  const addressees: Addressee[] = [
    ...mentions.users.filter((user) => user !== author).map((user_guid) => ({ user_guid })),
    ...mentions.teams.map((team) => ({ team: team as Role })),
  ];
  return addressees.map((addressee) =>
    newInboxItem(
      {
        item_id: derivedItemId(serviceKinds.mention, comment.comment_id, String(comment.current_revision), addresseeKey(addressee)),
        addressee,
        kind: serviceKinds.mention,
        title: `${author} mentioned ${'team' in addressee ? `team ${addressee.team}` : 'you'} on ${comment.target_type} ${comment.target_id}`,
        body: commentExcerpt(comment),
        target: commentTarget(comment),
        source_refs: commentRef(comment),
      },
      origin,
    ),
  );
}

/** The item telling a parent comment's author of a reply (unless they wrote it, or the reply mentions them anyway). */
export function replyNotice(reply: Comment, parent: Comment, origin: ChangeOrigin): InboxItem | undefined {
  const parentAuthor = parent.author_guid;
  if (parentAuthor === reply.author_guid || reply.mentions_users.includes(parentAuthor)) return undefined;
  return newInboxItem(
    {
      item_id: derivedItemId(serviceKinds.reply, reply.comment_id),
      addressee: { user_guid: parentAuthor },
      kind: serviceKinds.reply,
      title: `${reply.author_guid} replied to your comment on ${reply.target_type} ${reply.target_id}`,
      body: commentExcerpt(reply),
      target: commentTarget(reply),
      source_refs: [...commentRef(reply), { kind: 'comment', id: parent.comment_id }],
    },
    origin,
  );
}

/** A finished export build, or requested batch, as its outcome event announces it. */
export interface BuildOutcome {
  export_id: string;
  batch_id?: string;
  /** `ready`, else the build failed. */
  status: string;
  failure_reason?: string;
}

/** The item telling whoever asked for an export (or a batch) that it is ready, or failed and why. */
export function buildOutcomeNotice(outcome: BuildOutcome, creator: string, origin: ChangeOrigin): InboxItem {
  const kind = outcome.status === 'ready' ? serviceKinds.exportReady : serviceKinds.exportFailed;
  const what = outcome.batch_id !== undefined ? `Export batch ${outcome.batch_id}` : `Export ${outcome.export_id}`;
  return newInboxItem(
    {
      item_id: derivedItemId(kind, outcome.batch_id ?? outcome.export_id),
      addressee: { user_guid: creator },
      kind,
      title: outcome.status === 'ready' ? `${what} is ready` : `${what} failed`,
      body: outcome.failure_reason,
      target:
        outcome.batch_id !== undefined
          ? { target_type: 'export_batch', target_id: outcome.batch_id }
          : { target_type: 'export', target_id: outcome.export_id },
      source_refs: [{ kind: 'export', id: outcome.export_id }, ...(outcome.batch_id !== undefined ? [{ kind: 'export_batch', id: outcome.batch_id }] : [])],
    },
    origin,
  );
}

/** The item telling a payout's creator that it was approved (unless they approved it themselves). */
export function payoutApprovedNotice(
  payout: { payout_id: string; associate_id: string; currency: string; amount: number; request_context: { actor: string } },
  origin: ChangeOrigin,
): InboxItem | undefined {
  const creator = payout.request_context.actor;
  if (creator === origin.requestContext.actor) return undefined;
  return newInboxItem(
    {
      item_id: derivedItemId(serviceKinds.payoutApproved, payout.payout_id),
      addressee: { user_guid: creator },
      kind: serviceKinds.payoutApproved,
      title: `Payout ${payout.payout_id} approved by ${origin.requestContext.actor}`,
      body: `${payout.amount} ${payout.currency} for associate ${payout.associate_id}`,
      target: { target_type: 'payout', target_id: payout.payout_id },
      source_refs: [{ kind: 'payout', id: payout.payout_id }],
    },
    origin,
  );
}

/** An incoming event a consumer could not handle, as its dead letter tells it. */
export interface DeadLetteredEvent {
  event_id: string;
  source: string;
  detail_type: string;
  consumer: string;
  attempts?: number;
  error: { errorType: string; errorMessage: string };
}

/**
 * The item telling team finance_audit of the event's organisation that an
 * event was dead-lettered: one per event, whichever of its consumers failed
 * first (the queue keeps every failure with its reason).
 */
export function deadLetterNotice(dead: DeadLetteredEvent, origin: ChangeOrigin): InboxItem {
  const attempts = dead.attempts === undefined ? '' : ` ${dead.attempts} times`;
  return newInboxItem(
    {
      item_id: derivedItemId(serviceKinds.deadLettered, dead.event_id),
      addressee: { team: 'finance_audit' },
      kind: serviceKinds.deadLettered,
      title: `${dead.source} ${dead.detail_type} event ${dead.event_id} was dead-lettered`,
      body: `${dead.consumer} failed${attempts}: ${dead.error.errorType}: ${dead.error.errorMessage}`,
      source_refs: [{ kind: 'eventbridge_event', id: dead.event_id }],
    },
    origin,
  );
}
