import { orderStatuses, paymentTypes } from '@shop/contracts/orders';
import { Button, Form, Input, Label, Text, TextField } from 'react-aria-components';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { useFilterDraft } from '../../../lib/filter-draft.ts';
import { SelectField } from '../../../ui/select-field.tsx';
import { defaultSearch, type OrderSearchState } from '../search-state.ts';
import { BrandSelect } from './brand-select.tsx';

type Filters = Pick<OrderSearchState, 'query' | 'brand' | 'status' | 'paymentType' | 'from' | 'to'>;

/**
 * The search box and the filters. Choices in a list apply at once; typed ones (search, dates) with the
 * search button or Enter. Remounted by the screen when the address changes (back button), so what it
 * shows is always the list's state.
 */
export function OrderFilters({
  search,
  onApply,
}: {
  search: OrderSearchState;
  onApply(filters: Filters): void;
}) {
  const { t } = useI18n();
  const { draft: filters, change, apply, reset } = useFilterDraft<Filters>(search, onApply);
  return (
    <Form
      className="filters"
      aria-label={t.orders.filters}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <TextField
        className="field search-field"
        value={filters.query}
        onChange={(query) => change({ query })}
        type="search"
      >
        <Label>{t.orders.search}</Label>
        <Input />
        <Text slot="description">{t.orders.searchHint}</Text>
      </TextField>
      <BrandSelect
        label={t.orders.brand}
        anyLabel={t.orders.allBrands}
        value={filters.brand}
        onChange={(brand) => change({ brand }, true)}
      />
      <SelectField
        label={t.orders.status}
        value={filters.status}
        options={[
          { id: '', label: t.orders.anyStatus },
          ...orderStatuses.map((status) => ({ id: status, label: t.statuses[status] })),
        ]}
        onChange={(status) => change({ status: status as Filters['status'] }, true)}
      />
      <SelectField
        label={t.orders.paymentType}
        value={filters.paymentType}
        options={[
          { id: '', label: t.orders.anyPaymentType },
          ...paymentTypes.map((type) => ({ id: type, label: t.paymentTypes[type] })),
        ]}
        onChange={(paymentType) => change({ paymentType: paymentType as Filters['paymentType'] }, true)}
      />
      <TextField className="field" type="date" value={filters.from} onChange={(from) => change({ from })}>
        <Label>{t.orders.from}</Label>
        <Input />
      </TextField>
      <TextField className="field" type="date" value={filters.to} onChange={(to) => change({ to })}>
        <Label>{t.orders.to}</Label>
        <Input />
      </TextField>
      <div className="filter-buttons">
        <Button type="submit" className="button primary">
          {t.orders.apply}
        </Button>
        <Button
          className="button"
          onPress={() => {
            const { sort: _sort, page: _page, pageSize: _size, ...empty } = defaultSearch;
            reset(empty);
          }}
        >
          {t.orders.reset}
        </Button>
      </div>
    </Form>
  );
}
