import type { Locale } from '@shop/contracts/locale';
import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a page rendered on the server hands the browser beside its markup: the language it was rendered
 * in and the API's answers it was rendered from, so that the app hydrates from the same state instead
 * of asking again. Written by the server into `<script type="application/json" id="admin-state">`.
 */
export type PageState = { locale: Locale; queries: DehydratedState };

export const pageStateElementId = 'admin-state';
