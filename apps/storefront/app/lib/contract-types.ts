/**
 * `z.input` / `z.output` of a contract schema (packages/contracts), as types only: answers and requests
 * are typed from the schemas the server enforces, and no zod reaches the bundle for it.
 */
type Schema = { _zod: { input: unknown; output: unknown } };
export type Input<S extends Schema> = S['_zod']['input'];
export type Output<S extends Schema> = S['_zod']['output'];
