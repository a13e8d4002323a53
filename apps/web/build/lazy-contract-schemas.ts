import { type Plugin, parseSync } from 'vite';

/** The contracts' source files, not their tests. */
const CONTRACT_SOURCE = /[\\/]packages[\\/]contracts[\\/]src[\\/](?!lazy-schema\.ts$)[^\\/]+(?<!\.test)\.ts$/;

/**
 * Calls that build a schema: Zod's own (`z.object`, `z.enum`, …), the contracts' schema helpers,
 * and a method of another schema (`GameItemSchema.extend(…)`). Anything else (constants, paths,
 * `defineCall` declarations, registries) is left as it is: its value may not be a schema.
 */
const SCHEMA_HELPERS = new Set([
  'envelopeOf',
  'text',
  'token',
  'plainText',
  'intId',
  'bigintId',
  'intIdText',
  'textId',
  'asTextId',
]);
const NOT_SCHEMAS = new Set(['registry']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** The identifier a call chain starts from, with the first property read from it. */
function chainRoot(expression: Node): { name: string; firstProperty?: string } | undefined {
  let node: Node | undefined = expression;
  let firstProperty: string | undefined;
  while (node && (node.type === 'CallExpression' || node.type === 'MemberExpression')) {
    if (node.type === 'MemberExpression') {
      const property = node.property as Node & { name?: string };
      firstProperty = property.name;
      node = node.object as Node;
    } else node = node.callee as Node;
  }
  return node?.type === 'Identifier' ? { name: node.name as string, firstProperty } : undefined;
}

function buildsSchema(init: Node | null): boolean {
  if (init?.type !== 'CallExpression') return false;
  const root = chainRoot(init);
  if (!root) return false;
  if (root.name === 'z') return !NOT_SCHEMAS.has(root.firstProperty ?? '');
  return SCHEMA_HELPERS.has(root.name) || (root.name.endsWith('Schema') && root.firstProperty !== undefined);
}

/**
 * A contracts module with each top-level schema built on first use (ADR 061): `const X = z…;`
 * becomes `const X = lazySchema(() => z…);`. Returns undefined when nothing is to be wrapped.
 */
export function lazyContractSchemas(code: string, id: string): string | undefined {
  const { program } = parseSync(id, code);
  // Where to open and close each wrapper, written back to front so earlier offsets stay valid.
  const inserts: { at: number; text: string }[] = [];
  for (const statement of program.body as unknown as Node[]) {
    const declaration = (
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
    ) as Node | null;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (!buildsSchema(init) || !init) continue;
      inserts.push({ at: init.start, text: '__lazySchema(() => ' }, { at: init.end, text: ')' });
    }
  }
  if (inserts.length === 0) return undefined;
  let output = code;
  for (const { at, text } of inserts.sort((a, b) => b.at - a.at))
    output = output.slice(0, at) + text + output.slice(at);
  // At the end, so every line keeps its number (imports are hoisted wherever they stand).
  return `${output}\nimport { lazySchema as __lazySchema } from '@fortuna/contracts/lazy-schema';\n`;
}

/** The lobby imports its contracts with their schemas built on first use (ADR 061). */
export function lazyContractSchemasPlugin(): Plugin {
  return {
    name: 'fortuna-lazy-contract-schemas',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0] ?? id;
      const lazy = CONTRACT_SOURCE.test(path) ? lazyContractSchemas(code, path) : undefined;
      // Only text is added within lines: a stack trace's line numbers stay right without a map.
      return lazy === undefined ? undefined : { code: lazy, map: null };
    },
  };
}
