import { useI18n } from '../i18n/i18n-context.tsx';
import { ApiProblem } from '../lib/api-client.ts';

/** A failed call as the user reads it: the server's title and detail (in the UI's language), or ours. */
export function ProblemMessage({ error }: { error: unknown }) {
  const { t } = useI18n();
  if (!error) return null;
  return (
    <div className="problem" role="alert">
      {error instanceof ApiProblem ? (
        <>
          <p className="problem-title">{error.title}</p>
          {error.detail && error.detail !== error.title ? <p>{error.detail}</p> : null}
        </>
      ) : (
        <p className="problem-title">{t.app.failed}</p>
      )}
    </div>
  );
}
