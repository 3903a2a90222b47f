import { useT } from '#app/lib/shop-data.ts';

/** An account page while its data loads, or when it could not be read. */
export function AccountLoadState({
  title,
  state,
  onRetry,
}: {
  title: string;
  state: { kind: 'loading' } | { kind: 'failed'; message: string | null };
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <>
      <h1>{title}</h1>
      {state.kind === 'loading' ? (
        <p className="checkout-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{t('account.loading')}</span>
        </p>
      ) : (
        <div className="notice is-danger" role="alert">
          <p>{state.message ?? t('account.loadFailed')}</p>
          <p>
            <button type="button" className="button secondary" onClick={onRetry}>
              {t('account.retry')}
            </button>
          </p>
        </div>
      )}
    </>
  );
}
