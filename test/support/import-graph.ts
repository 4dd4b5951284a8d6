import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The project's import graph, as `madge --circular --extensions ts` reads it:
 * every relative import, export-from and dynamic import of a source file,
 * type-only ones included (a type import still ties two modules together for
 * whoever changes either).
 */
export type ImportGraph = Map<string, string[]>;

const sourceFolders = ['shared', 'bench', 'bin', 'lib', 'functions', 'clients/typescript/src'];

function sourceFiles(root: string, folder: string): string[] {
  const at = path.join(root, folder);
  if (!existsSync(at)) return [];
  return readdirSync(at).flatMap((name) => {
    const file = path.join(folder, name);
    if (name === 'node_modules') return [];
    if (statSync(path.join(root, file)).isDirectory()) return sourceFiles(root, file);
    return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

function specifiersOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0]!)) {
      found.push((node.arguments[0] as ts.StringLiteral).text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolved(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.join(path.dirname(from), specifier).replace(/\.js$/, '');
  return [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => existsSync(path.join(root, candidate)));
}

/** Every source file (relative to `root`, tests apart) and the source files it imports. */
export function importGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFolders.flatMap((folder) => sourceFiles(root, folder))) {
    const targets = specifiersOf(file, readFileSync(path.join(root, file), 'utf8')).flatMap((specifier) => resolved(root, file, specifier) ?? []);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The graph's circles: each strongly connected set of two or more files (or a file importing itself), sorted. */
export function circles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const connect = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return found;
}

/**
 * The same graph between folders: a folder imports another when one of its
 * files imports one of the other's (a file's folder is its directory, so a
 * family folder and its parent are two folders).
 */
export function folderGraph(graph: ImportGraph): ImportGraph {
  const folders: ImportGraph = new Map();
  for (const [file, targets] of graph) {
    const from = path.dirname(file);
    const reached = new Set(folders.get(from) ?? []);
    for (const target of targets) if (path.dirname(target) !== from) reached.add(path.dirname(target));
    folders.set(from, [...reached]);
  }
  return folders;
}
