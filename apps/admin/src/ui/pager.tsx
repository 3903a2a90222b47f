import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useI18n } from '../i18n/i18n-context.tsx';

/** A list's pages: previous, "page n of m", next; `children` for more controls (the page size). */
export function Pager({
  page,
  pages,
  onPage,
  children,
}: {
  page: number;
  pages: number;
  onPage(page: number): void;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <nav className="pager" aria-label={t.orders.pages}>
      <Button className="button" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        {t.orders.previous}
      </Button>
      <span>{t.orders.pageOf(Math.min(page, pages), pages)}</span>
      <Button className="button" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
        {t.orders.next}
      </Button>
      {children}
    </nav>
  );
}
