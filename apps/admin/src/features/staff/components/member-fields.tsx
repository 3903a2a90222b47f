import { type StaffRole, staffRoles } from '@shop/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button, Checkbox, CheckboxGroup, FieldError, Label, Text } from 'react-aria-components';
import { type Control, useController, useWatch } from 'react-hook-form';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { useStaffTexts } from '../../../i18n/staff-texts.ts';
import { SelectField } from '../../../ui/select-field.tsx';
import { FormTextField } from '../../../ui/text-field.tsx';
import { HotelPicker } from '../../catalogue/hotel-picker.tsx';
import { brandsQuery } from '../../orders/api/get-orders.ts';

export type MemberFieldValues = {
  name: string;
  role: StaffRole;
  brands: string[];
  hotels: { id: number; name: string }[];
  limit: string;
};

/**
 * A member's access as the invitation and the edit ask for it: name, role, brands (a brand manager's
 * required; none for an operator, who works for all), and the mark-paid limit (support only).
 */
export function MemberFields({
  control,
  autoFocusName = false,
}: {
  control: Control<MemberFieldValues, unknown, unknown>;
  autoFocusName?: boolean;
}) {
  const { t } = useI18n();
  const texts = useStaffTexts();
  const brands = useQuery(brandsQuery());
  const role = useController({ control, name: 'role' });
  const picked = useController({ control, name: 'brands' });
  const currentRole = useWatch({ control, name: 'role' });
  return (
    <>
      <FormTextField
        control={control}
        name="name"
        label={texts.staff.name}
        autoComplete="off"
        isRequired
        autoFocus={autoFocusName}
      />
      <SelectField
        label={texts.staff.role}
        value={role.field.value}
        onChange={(value) => role.field.onChange(value as StaffRole)}
        options={staffRoles.map((id) => ({ id, label: t.roles[id] }))}
      />
      {currentRole === 'hotel' ? (
        <HotelsField control={control} />
      ) : currentRole === 'operator' ? (
        <p className="secondary">{texts.staff.operatorBrands}</p>
      ) : (
        <CheckboxGroup
          className="checkbox-group"
          name={picked.field.name}
          value={picked.field.value}
          onChange={picked.field.onChange}
          isInvalid={picked.fieldState.invalid}
          isRequired={currentRole === 'brand-manager'}
          validationBehavior="aria"
        >
          <Label>{texts.staff.brands}</Label>
          <Text slot="description">{texts.staff.brandsHint}</Text>
          {(brands.data ?? []).map((brand) => (
            <Checkbox key={brand.short} className="checkbox" value={brand.short}>
              <span className="checkbox-box" aria-hidden="true" />
              <span>{brand.name}</span>
            </Checkbox>
          ))}
          <FieldError>{picked.fieldState.error?.message}</FieldError>
        </CheckboxGroup>
      )}
      {currentRole === 'support' ? (
        <FormTextField
          control={control}
          name="limit"
          label={texts.staff.limit}
          description={texts.staff.limitHint}
          inputMode="decimal"
          isRequired
        />
      ) : null}
    </>
  );
}

/** A hotel staff member's hotels: found with the catalogue's hotel search, each removable. */
function HotelsField({ control }: { control: Control<MemberFieldValues, unknown, unknown> }) {
  const texts = useStaffTexts();
  const hotels = useController({ control, name: 'hotels' });
  const chosen = hotels.field.value;
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // A removed hotel's button is gone: focus goes to the next one's (else the last, else the heading).
  const focusAfterRemoval = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list of hotels has changed, after its render.
  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    const buttons = list.current?.querySelectorAll('button') ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? heading.current)?.focus();
  }, [chosen]);
  return (
    <div className="hotels-field">
      <p className="secondary">{texts.staff.hotelsHint}</p>
      <h3 className="field-label" ref={heading} tabIndex={-1}>
        {texts.staff.hotels}
      </h3>
      {chosen.length === 0 ? <p>{texts.staff.noHotels}</p> : null}
      <ul className="chosen-hotels" ref={list}>
        {chosen.map((hotel, index) => (
          <li key={hotel.id}>
            {hotel.name}{' '}
            <Button
              className="button secondary"
              onPress={() => {
                focusAfterRemoval.current = index;
                hotels.field.onChange(chosen.filter((other) => other.id !== hotel.id));
              }}
            >
              {texts.staff.removeHotel(hotel.name)}
            </Button>
          </li>
        ))}
      </ul>
      <HotelPicker
        legend={texts.staff.addHotel}
        hotelId={null}
        hotelName=""
        namesChoice={false}
        onChange={(hotel) => {
          if (!chosen.some((other) => other.id === hotel.id)) hotels.field.onChange([...chosen, hotel]);
        }}
        error={hotels.fieldState.error?.message}
      />
    </div>
  );
}
