import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { App, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { defineAccountingApp } from '../../lib/accounting-app';
import type { AccountingStack } from '../../lib/accounting-stack';
import type { DeploymentEnvironment, DeploymentEnvironmentName } from '../../lib/deployment-environment';

export type TemplateResource = {
  Type: string;
  Properties?: Record<string, any>;
  DependsOn?: string | string[];
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};
export type TemplateJson = {
  Resources: Record<string, TemplateResource>;
  Parameters?: Record<string, unknown>;
  Outputs?: Record<string, unknown>;
};

/** One stack of a synthesized app: the root or a nested one, with its template. */
export interface SynthesizedStack {
  stack: Stack;
  /** `AccountingService-prod`, `AccountingService-prod/Alarms`. */
  path: string;
  template: TemplateJson;
  /** For a nested stack: its parent and the logical id of the AWS::CloudFormation::Stack resource that holds it there. */
  parent?: { path: string; logicalId: string };
}

export const projectRoot = resolve(__dirname, '../..');

/**
 * An app with the feature flags `cdk synth` runs with (cdk.json's context, then
 * `context`). Bundling is skipped unless `context` asks for it: the CDK would
 * spawn esbuild for every function. The CDK's CloudFormation validation runs
 * only when `validated`: it costs about 9 s of CPU in each file's first
 * synthesis, so cloudformation-validation.test.ts runs it once for each app the
 * suites build, warnings included.
 */
export function appAsSynthesized(context: Record<string, unknown> = {}, { validated = false, outdir }: { validated?: boolean; outdir?: string } = {}): App {
  const cdkJson = JSON.parse(readFileSync(join(projectRoot, 'cdk.json'), 'utf8')) as { context?: object };
  const strictness = validated ? { '@aws-cdk/core:strictCfnValidateErrors': true } : {};
  return new App({
    outdir,
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...strictness, ...context },
    builtinCloudFormationValidation: validated,
  });
}

/** The app `cdk synth -c env=<name> -c buildId=cdk-test` makes (bin/app.ts), and its service stack. */
export function accountingAppOf(
  name: DeploymentEnvironmentName,
  overrides: Partial<DeploymentEnvironment> = {},
  { validated = false }: { validated?: boolean } = {},
): { app: App; stack: AccountingStack } {
  const app = appAsSynthesized({ env: name, buildId: 'cdk-test' }, { validated });
  return { app, stack: defineAccountingApp(app, projectRoot, overrides) };
}

/** Every stack of the app, root stacks first, each nested stack after its parent. */
export function synthesizedStacks(app: App): SynthesizedStack[] {
  const stacks = app.node.findAll().filter((construct): construct is Stack => Stack.isStack(construct));
  return stacks.map((stack) => {
    const synthesized: SynthesizedStack = {
      stack,
      path: stack.node.path,
      template: Template.fromStack(stack).toJSON() as TemplateJson,
    };
    if (NestedStack.isNestedStack(stack)) {
      const holder = stack.nestedStackResource!;
      const parentStack = Stack.of(holder);
      synthesized.parent = { path: parentStack.node.path, logicalId: parentStack.getLogicalId(holder) };
    }
    return synthesized;
  });
}

/** The logical ids a value refers to: Ref, Fn::GetAtt, and `${Name}` / `${Name.Attr}` of Fn::Sub. */
export function referencedLogicalIds(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) referencedLogicalIds(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string') into.add(inner);
      else if (key === 'Fn::GetAtt') into.add(Array.isArray(inner) ? String(inner[0]) : String(inner).split('.')[0]!);
      else if (key === 'Fn::Sub') {
        const text = Array.isArray(inner) ? inner[0] : inner;
        for (const [, name] of String(text).matchAll(/\$\{([A-Za-z0-9]+)(?:\.[A-Za-z0-9.]+)?\}/g)) into.add(name!);
        if (Array.isArray(inner)) referencedLogicalIds(inner[1], into);
      } else referencedLogicalIds(inner, into);
    }
  }
  return into;
}

/**
 * The order CloudFormation must keep between the resources of every stack of
 * the app: `b` after `a` when `b` names `a` in DependsOn, Ref, Fn::GetAtt or
 * Fn::Sub; every resource of a nested stack after what its stack resource waits
 * for, and before what waits for that resource. Nodes are `<stack path>#<logical id>`.
 */
export function creationOrder(stacks: readonly SynthesizedStack[]): Map<string, Set<string>> {
  const after = new Map<string, Set<string>>();
  const edge = (from: string, to: string) => {
    if (!after.has(from)) after.set(from, new Set());
    after.get(from)!.add(to);
  };
  for (const { path, template } of stacks) {
    for (const [id, resource] of Object.entries(template.Resources)) {
      const node = `${path}#${id}`;
      if (!after.has(node)) after.set(node, new Set());
      const dependsOn = resource.DependsOn === undefined ? [] : [resource.DependsOn].flat();
      for (const predecessor of [...dependsOn, ...referencedLogicalIds(resource.Properties ?? {})]) {
        if (predecessor in template.Resources) edge(`${path}#${predecessor}`, node);
      }
    }
  }
  for (const { path, template, parent } of stacks) {
    if (!parent) continue;
    const holder = `${parent.path}#${parent.logicalId}`;
    const start = `${holder}#start`;
    for (const [predecessor, successors] of after) if (successors.has(holder)) edge(predecessor, start);
    for (const id of Object.keys(template.Resources)) {
      edge(start, `${path}#${id}`);
      edge(`${path}#${id}`, holder);
    }
  }
  return after;
}

/**
 * The widest set of `nodes` CloudFormation may create at once: the largest
 * antichain of the order among them, by Dilworth's theorem the node count less
 * a maximum matching of the bipartite "comes before" graph.
 */
export function widestParallelSet(order: Map<string, Set<string>>, nodes: readonly string[]): number {
  const wanted = new Set(nodes);
  const reachable = new Map<string, string[]>();
  for (const node of nodes) {
    const seen = new Set<string>();
    const stack = [...(order.get(node) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(order.get(next) ?? []));
    }
    reachable.set(node, [...seen].filter((candidate) => wanted.has(candidate)));
  }
  const matchedTo = new Map<string, string>();
  const augment = (node: string, visited: Set<string>): boolean => {
    for (const successor of reachable.get(node)!) {
      if (visited.has(successor)) continue;
      visited.add(successor);
      const current = matchedTo.get(successor);
      if (current === undefined || augment(current, visited)) {
        matchedTo.set(successor, node);
        return true;
      }
    }
    return false;
  };
  let matching = 0;
  for (const node of nodes) if (augment(node, new Set())) matching += 1;
  return nodes.length - matching;
}

/**
 * What a value of a template becomes once CloudFormation resolves it, as far as
 * its length goes. Pseudo parameters at their longest (`aws-us-gov`,
 * `ap-southeast-2`); any other Ref or Fn::GetAtt, a name or an ARN generated
 * at deploy time, as 256 characters, longer than any name or ARN of this
 * service's resources (a Lambda name is at most 64, a bucket's 63, a table's
 * 255, and a generated log group name is the stack name, its logical id and a
 * suffix); a Secrets Manager dynamic reference as the 48-character key it holds.
 */
export function resolvedLength(value: unknown): string {
  const placeholder = (length: number) => 'x'.repeat(length);
  const pseudo: Record<string, number> = {
    'AWS::AccountId': 12,
    'AWS::Region': 14,
    'AWS::Partition': 10,
    'AWS::URLSuffix': 16,
    'AWS::StackName': 128,
    'AWS::StackId': 256,
    'AWS::NoValue': 0,
  };
  const resolve = (inner: unknown): unknown => {
    if (Array.isArray(inner)) return inner.map(resolve);
    if (!inner || typeof inner !== 'object') return inner;
    const entries = Object.entries(inner);
    if (entries.length === 1) {
      const [[key, argument]] = entries as [[string, any]];
      if (key === 'Ref') return placeholder(pseudo[argument] ?? 256);
      if (key === 'Fn::GetAtt' || key === 'Fn::ImportValue') return placeholder(256);
      if (key === 'Fn::Join') return (resolve(argument[1]) as unknown[]).map(String).join(argument[0]);
      if (key === 'Fn::Sub') {
        const text = String(Array.isArray(argument) ? argument[0] : argument);
        return text.replace(/\$\{([^}]+)\}/g, (_, name: string) => placeholder(pseudo[name] ?? 256));
      }
      if (key.startsWith('Fn::')) return placeholder(256);
    }
    return Object.fromEntries(entries.map(([key, item]) => [key, resolve(item)]));
  };
  const text = JSON.stringify(resolve(value));
  return text.replace(/\{\{resolve:secretsmanager:[^}]*\}\}/g, placeholder(48));
}

/**
 * Every resource of the app as if it were one template: a nested stack's
 * parameter replaced by what its parent hands it, a parent's reference to a
 * nested stack's output by that output's value. Logical ids are kept; the caller
 * checks none repeats across stacks.
 */
export function flattenedResources(stacks: readonly SynthesizedStack[]): Record<string, TemplateResource> {
  const byPath = new Map(stacks.map((stack) => [stack.path, stack]));
  const childOf = (path: string, logicalId: string) =>
    stacks.find(({ parent }) => parent?.path === path && parent.logicalId === logicalId);
  const resolveIn = (stack: SynthesizedStack, value: unknown): unknown => {
    if (Array.isArray(value)) return value.map((item) => resolveIn(stack, item));
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value);
    if (entries.length === 1) {
      const [[key, argument]] = entries as [[string, any]];
      if (key === 'Ref' && stack.parent && typeof argument === 'string' && argument in (stack.template.Parameters ?? {})) {
        const parent = byPath.get(stack.parent.path)!;
        return resolveIn(parent, parent.template.Resources[stack.parent.logicalId]!.Properties!.Parameters[argument]);
      }
      if (key === 'Fn::GetAtt' && Array.isArray(argument) && String(argument[1]).startsWith('Outputs.')) {
        const child = childOf(stack.path, String(argument[0]));
        if (child) return resolveIn(child, (child.template.Outputs as Record<string, { Value: unknown }>)[String(argument[1]).slice('Outputs.'.length)]!.Value);
      }
    }
    return Object.fromEntries(entries.map(([key, item]) => [key, resolveIn(stack, item)]));
  };
  return Object.assign(
    {},
    ...stacks.map((stack) =>
      Object.fromEntries(Object.entries(stack.template.Resources).map(([id, resource]) => [id, resolveIn(stack, resource) as TemplateResource])),
    ),
  );
}
