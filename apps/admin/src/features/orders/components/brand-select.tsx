import { useQuery } from '@tanstack/react-query';
import { SelectField } from '../../../ui/select-field.tsx';
import { brandsQuery } from '../api/get-orders.ts';

/** A list filter's brand: "all" ('') or one of the brands the member works for. */
export function BrandSelect({
  label,
  anyLabel,
  value,
  onChange,
}: {
  label: string;
  anyLabel: string;
  value: string;
  onChange(brand: string): void;
}) {
  const brands = useQuery(brandsQuery());
  return (
    <SelectField
      label={label}
      value={value}
      options={[
        { id: '', label: anyLabel },
        ...(brands.data ?? []).map((brand) => ({ id: brand.short, label: brand.name })),
      ]}
      onChange={onChange}
    />
  );
}
