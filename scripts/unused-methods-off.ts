/**
 * TanStack Form's FormApi defines every method in its constructor (`this.name = (…) => {…}`), so a
 * bundler keeps them all, used or not. The support forms never call its array operations (they set
 * their one array value, the attachments, whole: see src/app/support/vendor/array-moves-off.ts), its
 * form-group state (form groups are swapped out: form-group-off.ts), nor its error-map, reset-field
 * and schema-parsing helpers. This cuts those assignments' values out of the source: each method
 * becomes `unavailable` (src/app/support/vendor/unavailable.ts, which fails loudly if called after
 * all), the form-group store nothing. A name not found once, exactly, fails the build: an update of
 * the package is looked at rather than shipped half cut.
 */
import { fileURLToPath } from 'node:url';

/** The methods cut to `unavailable`. */
export const UNUSED_FORM_METHODS = [
  'validateArrayFieldsStartingFrom',
  'deleteField',
  'pushFieldValue',
  'insertFieldValue',
  'replaceFieldValue',
  'removeFieldValue',
  'swapFieldValues',
  'moveFieldValues',
  'clearFieldValues',
  'resetField',
  'setErrorMap',
  'getAllErrors',
  'parseValuesWithSchema',
  'parseValuesWithSchemaAsync',
  'getFormGroupMeta',
] as const;
/** The store only `getFormGroupMeta` reads (the form groups' state: always empty without form groups). */
const UNUSED_STORES = ['formGroupMetaDerived'] as const;

const UNAVAILABLE = fileURLToPath(new URL('../src/app/support/vendor/unavailable.ts', import.meta.url));

interface Node {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The `this.<name> = <value>` assignments in the tree, by name: their values' ranges. */
function thisAssignments(root: Node): Map<string, Node[]> {
  const found = new Map<string, Node[]>();
  const visit = (node: Node): void => {
    if (node.type === 'AssignmentExpression') {
      const left = node.left as Node;
      const property = left.property as Node | undefined;
      if (left.type === 'MemberExpression' && (left.object as Node).type === 'ThisExpression' && property?.type === 'Identifier' && !left.computed) {
        const name = property.name as string;
        found.set(name, [...(found.get(name) ?? []), node.right as Node]);
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach((item) => isNode(item) && visit(item));
      else if (isNode(value)) visit(value);
    }
  };
  visit(root);
  return found;
}

/** FormApi's source without the unused methods' and store's values; `parse` is the bundler's (an ESTree program with offsets). */
export function withoutUnusedMethods(code: string, parse: (code: string) => unknown): string {
  const assignments = thisAssignments(parse(code) as Node);
  const cuts = [
    ...UNUSED_FORM_METHODS.map((name) => ({ name, with: '__unavailable' })),
    ...UNUSED_STORES.map((name) => ({ name, with: 'void 0' })),
  ].map((cut) => {
    const values = assignments.get(cut.name) ?? [];
    if (values.length !== 1) throw new Error(`unused-methods-off: FormApi assigns this.${cut.name} ${values.length} times, not once`);
    return { ...cut, value: values[0] as Node };
  });
  let out = code;
  for (const cut of cuts.sort((a, b) => b.value.start - a.value.start)) {
    out = out.slice(0, cut.value.start) + cut.with + out.slice(cut.value.end);
  }
  return `import { unavailable as __unavailable } from ${JSON.stringify(UNAVAILABLE)};\n${out}`;
}
