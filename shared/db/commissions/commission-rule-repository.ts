import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import {
  type CommissionRule,
  type CommissionRuleStatusSetDetail,
  ruleDefinitionFields,
} from '../../domain/commissions/commission-rule';
import { dynamo, tableName } from '../client';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { conditionalPut } from '../own-write';
import { queryAll } from '../query-page';

/**
 * The cache of the pricing service's commission rules (docs/decisions.md:
 * Commission rules): one item per rule, in one partition per organisation.
 * Every write is one conditional write whose condition is the ordering by
 * revision, so redeliveries and reorderings, sequential or concurrent, land
 * on the state of the newest revisions.
 */

/** What a conditional write did: applied, or ignored because the cache holds `cachedRevision`, equal or later. */
export type CacheWrite = { applied: true } | { applied: false; cachedRevision: number };

const recordType = 'commission_rule';

async function writeIfNewer(write: () => Promise<unknown>, revisionAttribute: 'revision' | 'definition_revision'): Promise<CacheWrite> {
  try {
    await write();
    return { applied: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const cached = error.Item ? unmarshall(error.Item) : {};
    return { applied: false, cachedRevision: Number(cached[revisionAttribute] ?? 0) };
  }
}

/** Caches the whole rule (definition and status) if its revision is later than the rule's cached one, if any. */
export function putRuleIfNewer(rule: CommissionRule): Promise<CacheWrite> {
  return writeIfNewer(
    () =>
      conditionalPut({
        TableName: tableName(),
        Item: { ...keys.commissionRule(rule.orgcode, rule.rule_id), record_type: recordType, ...rule },
        ConditionExpression: 'attribute_not_exists(pk) OR #revision < :revision',
        ExpressionAttributeNames: { '#revision': 'revision' },
        ExpressionAttributeValues: { ':revision': rule.revision },
      }),
    'revision',
  );
}

/**
 * Replaces the cached rule's definition (name, rates, scope, window) alone,
 * keeping its status and revision, if `rule.definition_revision` is later than
 * the cached definition's, or none is cached (only a status came first).
 * Ignored when nothing is cached at all: putRuleIfNewer writes that case.
 */
export function setRuleDefinitionIfNewer(rule: CommissionRule): Promise<CacheWrite> {
  const names: Record<string, string> = { '#definition_revision': 'definition_revision' };
  const values: Record<string, unknown> = { ':revision': rule.definition_revision, ':now': rule.updated_at };
  const assignments = ['#definition_revision = :revision', 'updated_at = :now'];
  const removals: string[] = [];
  ruleDefinitionFields.forEach((field, index) => {
    names[`#d${index}`] = field;
    if (rule[field] === undefined) {
      removals.push(`#d${index}`);
    } else {
      values[`:d${index}`] = rule[field];
      assignments.push(`#d${index} = :d${index}`);
    }
  });
  return writeIfNewer(
    () =>
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.commissionRule(rule.orgcode, rule.rule_id),
          UpdateExpression: `SET ${assignments.join(', ')}${removals.length ? ` REMOVE ${removals.join(', ')}` : ''}`,
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(#definition_revision) OR #definition_revision < :revision)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    'definition_revision',
  );
}

/**
 * Sets the rule's status and revision if `change.revision` is later than the
 * cached revision. With nothing cached, the status is kept alone, without a
 * definition, for the rule.set still to come (listCommissionRules skips it).
 */
export function setRuleStatusIfNewer(change: CommissionRuleStatusSetDetail, now: Date): Promise<CacheWrite> {
  return writeIfNewer(
    () =>
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.commissionRule(change.orgcode, change.rule_id),
          UpdateExpression:
            'SET #status = :status, #revision = :revision, updated_at = :now, orgcode = :orgcode, rule_id = :rule, record_type = :type',
          ConditionExpression: 'attribute_not_exists(pk) OR #revision < :revision',
          ExpressionAttributeNames: { '#status': 'status', '#revision': 'revision' },
          ExpressionAttributeValues: {
            ':status': change.status,
            ':revision': change.revision,
            ':now': now.toISOString(),
            ':orgcode': change.orgcode,
            ':rule': change.rule_id,
            ':type': recordType,
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    'revision',
  );
}

/**
 * Bumps the revision of the org's rules (shared/db/commissions/commission-rule-snapshot.ts),
 * after a rule change is cached and before the commissions it covers are
 * read: a process holding the rules from before sees it changed.
 */
export async function bumpRulesRevision(orgcode: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.commissionRulesRevision(orgcode),
      UpdateExpression: 'SET record_type = :type ADD #revision :one',
      ExpressionAttributeNames: { '#revision': 'revision' },
      ExpressionAttributeValues: { ':type': 'commission_rules_revision', ':one': 1 },
    }),
  );
}

/** The revision of the org's rules now, read consistently (0 before any rule change bumped it). */
export async function readRulesRevision(orgcode: string): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.commissionRulesRevision(orgcode), ConsistentRead: true }),
  );
  return Number(Item?.revision ?? 0);
}

/** Every cached rule of the organisation, by rule_id; a status still waiting for its rule is not one. */
export async function listCommissionRules(orgcode: string): Promise<CommissionRule[]> {
  const rules: CommissionRule[] = [];
  const items = queryAll({
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'attribute_exists(definition_revision)',
    ExpressionAttributeValues: { ':pk': keys.commissionRules(orgcode) },
    ConsistentRead: true,
  });
  for await (const item of items) rules.push(withoutStorageAttributes<CommissionRule>(item));
  return rules;
}

/** A window of placed_at: [from, to), or from on. */
export interface PlacedWindow {
  from: string;
  to?: string;
}

/**
 * Records a window a definition of the rule gives it (a plain put of a fixed
 * key: recording one twice changes nothing), before the definition is cached,
 * so a rule change read after any cache write finds every window a cached
 * revision of the rule ever had.
 */
export async function recordRuleWindow(orgcode: string, ruleId: string, window: PlacedWindow): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.commissionRuleWindow(orgcode, ruleId, window.from, window.to), record_type: 'commission_rule_window', rule_id: ruleId, ...window },
    }),
  );
}

/** Every window recorded for the rule, read consistently. */
export async function ruleWindows(orgcode: string, ruleId: string): Promise<PlacedWindow[]> {
  const prefix = keys.commissionRuleWindow(orgcode, ruleId, '', undefined);
  const windows: PlacedWindow[] = [];
  const items = queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :rule)',
    ExpressionAttributeValues: { ':pk': prefix.pk, ':rule': prefix.sk.slice(0, -1) },
    ConsistentRead: true,
  });
  for await (const item of items) windows.push({ from: String(item.from), ...(item.to !== undefined && { to: String(item.to) }) });
  return windows;
}
