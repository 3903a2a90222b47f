import { type RevenueReport, reportIntervals } from '@shop/contracts/admin-reports';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { useReportTexts } from '../../i18n/report-texts.ts';
import { useFilterDraft } from '../../lib/filter-draft.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { BrandSelect } from '../orders/components/brand-select.tsx';
import {
  redeemedCsvUrl,
  redeemedQuery,
  revenueCsvUrl,
  revenueQuery,
  searchMissesQuery,
  topOffersQuery,
} from './api/get-reports.ts';
import { filterFromParams, filterToParams, type ReportFilter } from './report-filter.ts';
import { RevenueChart } from './revenue-chart.tsx';

type Figures = Omit<RevenueReport['rows'][number], 'period' | 'brand'>;
const zero: Figures = { orders: 0, revenueCents: 0, vouchers: 0, refunds: 0, refundedCents: 0, redeemed: 0 };
const add = (sum: Figures, row: Figures): Figures => ({
  orders: sum.orders + row.orders,
  revenueCents: sum.revenueCents + row.revenueCents,
  vouchers: sum.vouchers + row.vouchers,
  refunds: sum.refunds + row.refunds,
  refundedCents: sum.refundedCents + row.refundedCents,
  redeemed: sum.redeemed + row.redeemed,
});

/** The report's rows added up by a key (the period, or the brand), in the order they first appear. */
function sumsBy(
  report: RevenueReport,
  key: (row: RevenueReport['rows'][number]) => string,
): [string, Figures][] {
  const sums = new Map<string, Figures>();
  for (const row of report.rows) sums.set(key(row), add(sums.get(key(row)) ?? zero, row));
  return [...sums];
}

/** A brand's name as the report lists it (its short name if the report does not name it). */
const brandName = (brands: { short: string; name: string }[], short: string) =>
  brands.find((brand) => brand.short === short)?.name ?? short;

/**
 * /admin/reports (operators, brand managers): what the shop sold per period as a chart and tables, the
 * CSV of it per brand, the vouchers redeemed per hotel, the best-selling offers and the searches that found nothing. The period, the
 * brand and the division are in the address.
 */
export function ReportsScreen() {
  const { t, money, date } = useI18n();
  const texts = useReportTexts();
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const revenue = useQuery(revenueQuery(filter));
  const top = useQuery(topOffersQuery(filter));
  const misses = useQuery(searchMissesQuery(filter));
  const redeemed = useQuery(redeemedQuery(filter));
  const figures = (sums: Figures) => [
    sums.orders,
    sums.vouchers,
    money(sums.revenueCents),
    sums.refunds,
    money(sums.refundedCents),
    sums.redeemed,
  ];
  const head = [
    texts.columns.orders,
    texts.columns.vouchers,
    texts.columns.revenue,
    texts.columns.refunds,
    texts.columns.refunded,
    texts.columns.redeemed,
  ];
  const report = revenue.data;
  return (
    <div className="stack">
      <PageHeading>{texts.title}</PageHeading>
      <p>{texts.intro}</p>
      <ReportFilters
        key={params.toString()}
        filter={filter}
        onApply={(next) => setParams(filterToParams(next))}
      />
      <ProblemMessage error={revenue.error} />
      {report ? (
        <section aria-labelledby="report-totals" className="stack" aria-busy={revenue.isFetching}>
          <h2 id="report-totals">{texts.totals}</h2>
          <DataTable
            caption={texts.totals}
            head={head}
            numeric={[0, 1, 2, 3, 4, 5]}
            rows={[figures(report.totals)]}
          />
          <p>
            <a className="button" href={revenueCsvUrl(filter)} download>
              {texts.csv}
            </a>
          </p>
          <RevenueChart
            report={report}
            label={texts.chartLabel(
              texts.chartInterval[report.interval],
              date(`${report.from}T12:00:00Z`),
              date(`${report.to}T12:00:00Z`),
              money(report.totals.revenueCents),
            )}
          />
          <h2 id="report-by-period">{texts.byPeriod}</h2>
          <DataTable
            caption={texts.byPeriod}
            head={[texts.columns.period, ...head]}
            numeric={[1, 2, 3, 4, 5, 6]}
            rows={sumsBy(report, (row) => row.period).map(([period, sums]) => [
              date(`${period}T12:00:00Z`),
              ...figures(sums),
            ])}
          />
          {report.brands.length > 1 ? (
            <>
              <h2 id="report-by-brand">{texts.byBrand}</h2>
              <DataTable
                caption={texts.byBrand}
                head={[texts.columns.brand, ...head]}
                numeric={[1, 2, 3, 4, 5, 6]}
                rows={sumsBy(report, (row) => row.brand).map(([short, sums]) => [
                  brandName(report.brands, short),
                  ...figures(sums),
                ])}
              />
            </>
          ) : null}
        </section>
      ) : revenue.isPending ? (
        <p role="status">{t.app.loading}</p>
      ) : null}
      <section aria-labelledby="report-redeemed" className="stack">
        <h2 id="report-redeemed">{texts.redeemedByHotel}</h2>
        <p>{texts.redeemedIntro}</p>
        <ProblemMessage error={redeemed.error} />
        {redeemed.isPending ? <p role="status">{t.app.loading}</p> : null}
        {redeemed.data?.hotels.length === 0 ? <p>{texts.noRedemptions}</p> : null}
        {redeemed.data?.hotels.length ? (
          <>
            <DataTable
              caption={texts.redeemedByHotel}
              head={[
                texts.columns.hotel,
                texts.columns.brand,
                texts.columns.redeemed,
                texts.columns.netOwed,
                texts.columns.withoutRate,
              ]}
              numeric={[2, 3, 4]}
              rows={redeemed.data.hotels.map((row) => [
                row.hotel,
                brandName(redeemed.data.brands, row.brand),
                row.redeemed,
                money(row.netCents),
                row.withoutRate,
              ])}
            />
            <p>
              {texts.redeemedTotals(
                redeemed.data.totals.redeemed,
                money(redeemed.data.totals.netCents),
                redeemed.data.totals.withoutRate,
              )}
            </p>
            <p>
              <a className="button" href={redeemedCsvUrl(filter)} download>
                {texts.redeemedCsv}
              </a>
            </p>
          </>
        ) : null}
      </section>
      <section aria-labelledby="report-top-offers" className="stack">
        <h2 id="report-top-offers">{texts.topOffers}</h2>
        <ProblemMessage error={top.error} />
        {top.data?.offers.length === 0 ? <p>{texts.noSales}</p> : null}
        {top.data?.offers.length ? (
          <DataTable
            caption={texts.topOffers}
            head={[texts.columns.offer, texts.columns.vouchers, texts.columns.revenue]}
            numeric={[1, 2]}
            rows={top.data.offers.map((offer) => [offer.title, offer.vouchers, money(offer.revenueCents)])}
          />
        ) : null}
      </section>
      <section aria-labelledby="report-search-misses" className="stack">
        <h2 id="report-search-misses">{texts.searchMisses}</h2>
        <p>{texts.searchMissesIntro}</p>
        <ProblemMessage error={misses.error} />
        {misses.data?.terms.length === 0 ? <p>{texts.noMisses}</p> : null}
        {misses.data?.terms.length ? (
          <DataTable
            caption={texts.searchMisses}
            head={[texts.columns.term, texts.columns.searches, texts.columns.lastDay]}
            numeric={[1]}
            rows={misses.data.terms.map((miss) => [
              miss.term,
              miss.searches,
              date(`${miss.lastDay}T12:00:00Z`),
            ])}
          />
        ) : null}
      </section>
      <p>
        <Link to="/orders">{t.nav.orders}</Link>
      </p>
    </div>
  );
}

/** Brand and division apply at once; the dates with the button or Enter. */
function ReportFilters({ filter, onApply }: { filter: ReportFilter; onApply(filter: ReportFilter): void }) {
  const texts = useReportTexts();
  const { draft, change, apply } = useFilterDraft(filter, onApply);
  return (
    <Form
      className="filters"
      aria-label={texts.filters}
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <BrandSelect
        label={texts.brand}
        anyLabel={texts.allBrands}
        value={draft.brand}
        onChange={(brand) => change({ brand }, true)}
      />
      <TextField className="field" type="date" value={draft.from} onChange={(from) => change({ from })}>
        <Label>{texts.from}</Label>
        <Input />
      </TextField>
      <TextField className="field" type="date" value={draft.to} onChange={(to) => change({ to })}>
        <Label>{texts.to}</Label>
        <Input />
      </TextField>
      <SelectField
        label={texts.interval}
        value={draft.interval}
        options={reportIntervals.map((interval) => ({ id: interval, label: texts.intervals[interval] }))}
        onChange={(interval) => change({ interval: interval as ReportFilter['interval'] }, true)}
      />
      <div className="filter-buttons">
        <Button type="submit" className="button primary">
          {texts.show}
        </Button>
      </div>
    </Form>
  );
}
