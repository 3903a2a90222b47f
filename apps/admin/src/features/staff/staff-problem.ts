import { ApiProblem } from '../../lib/api-client.ts';

/**
 * A staff call's refusal as the operator should read it. The API words the reason in the UI's language
 * in `detail`, under a generic title: a 409 (address taken, not on yourself) comes as the order
 * conflict's title, which would talk about an order here, so its detail alone is shown. A role's 403
 * and a 404 carry a developer's note in English as detail: ours, or the title alone, instead.
 */
export function staffProblem(error: unknown, notPermitted: string): unknown {
  if (!(error instanceof ApiProblem)) return error;
  if (error.status === 403 && error.is('forbidden')) {
    return new ApiProblem(403, error.type, notPermitted, null);
  }
  if (error.status === 409 && error.detail) return new ApiProblem(409, error.type, error.detail, null);
  if (error.status === 404) return new ApiProblem(404, error.type, error.title, null);
  return error;
}
