import type { ComponentProps } from 'react';
import { Breadcrumbs } from '#app/ui/breadcrumbs.tsx';
import { SearchScreen } from './search-screen.tsx';

/** The destination and theme pages: the breadcrumb trail above the search screen. */
export function RefinedSearchPage(props: {
  heading: string;
  breadcrumbs: ComponentProps<typeof Breadcrumbs>['trail'];
  search: ComponentProps<typeof SearchScreen>['view'];
}) {
  return (
    <div className="container page">
      <Breadcrumbs trail={props.breadcrumbs} />
      <SearchScreen view={props.search} heading={props.heading} />
    </div>
  );
}
