/**
 * Vite plugin: lets the bundler drop the contracts' unused zod schemas from browser chunks.
 *
 * The contracts declare schemas at module level (`export const x = z.object(…)`, `a.extend(…)`). A
 * bundler must keep any call it cannot prove free of side effects, so one import from a contract
 * module (`formatPrice` from money.ts, a constant from orders.ts) would pull zod (~25 KB gzip) into
 * the chunk. Their top-level constants are pure declarations: this wraps each initialiser that calls
 * something in an IIFE annotated `@__PURE__`, so an unused one disappears and a used one runs as before.
 */

type Node = { type: string; start: number; end: number };
type Declarator = { init: Node | null };
type Statement = Node & {
  kind?: string;
  declarations?: Declarator[];
  declaration?: (Node & { kind?: string; declarations?: Declarator[] }) | null;
};

const contractSource = /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;

export function pureContracts() {
  return {
    name: 'shop:pure-contracts',
    // After TypeScript is stripped: the code is plain JavaScript then.
    enforce: 'post' as const,
    transform(this: { parse(code: string): { body: Statement[] } }, code: string, id: string) {
      if (!contractSource.test(id.split('?')[0] ?? '')) return null;
      const inserts: { at: number; text: string }[] = [];
      for (const statement of this.parse(code).body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const { init } of declaration.declarations ?? []) {
          if (!init || (init.type !== 'CallExpression' && init.type !== 'NewExpression')) continue;
          inserts.push({ at: init.start, text: '/* @__PURE__ */ (() => (' }, { at: init.end, text: '))()' });
        }
      }
      if (inserts.length === 0) return null;
      let result = code;
      for (const { at, text } of inserts.sort((a, b) => b.at - a.at)) {
        result = result.slice(0, at) + text + result.slice(at);
      }
      return { code: result, map: null };
    },
  };
}
